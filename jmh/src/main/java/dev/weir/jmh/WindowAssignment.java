package dev.weir.jmh;

import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowAssignerContext;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * The window assigners on their own, one record per operation with the event time moving forward
 * {@value #STEP} ms a record: tumbling 1 s, and sliding 10 s every 1 s (ten windows a record). The
 * assigners ask the context a window operator gives them ({@link WindowAssignerContext#cached}), which
 * hands out the windows it made before when they are asked for again; {@link SessionMerge} times the
 * session windows' merge. One thread; not final: JMH subclasses its benchmark classes.
 */
public class WindowAssignment extends Microbenchmark {
    /** Event time between consecutive records, in milliseconds. */
    static final long STEP = 7;

    private static final Object RECORD = "record";

    private final TumblingEventTimeWindows<Object> tumbling = TumblingEventTimeWindows.of(1_000);
    private final SlidingEventTimeWindows<Object> sliding = SlidingEventTimeWindows.of(10_000, 1_000);
    private final WindowAssignerContext context = WindowAssignerContext.cached(() -> 0);
    private final List<TimeWindow> assigned = new ArrayList<>();
    private long timestamp;

    /** Starts the event time at 0. */
    @Setup(Level.Trial)
    public void startTime() {
        timestamp = 0;
    }

    /** @return the tumbling window of the next record */
    @Benchmark
    public TimeWindow tumbling() {
        timestamp += STEP;
        return tumbling.assignWindow(RECORD, timestamp, context);
    }

    /** @return the number of sliding windows of the next record (into a list reused for every record) */
    @Benchmark
    public int sliding() {
        timestamp += STEP;
        assigned.clear();
        sliding.assignWindows(RECORD, timestamp, context, assigned);
        return assigned.size();
    }

    /** @return the windows the latest {@link #sliding} call assigned, latest start first */
    List<TimeWindow> assigned() {
        return assigned;
    }
}
