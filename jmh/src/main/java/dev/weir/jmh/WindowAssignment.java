package dev.weir.jmh;

import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.MergingWindowAssigner;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowAssignerContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The window assigners on their own, one record per operation with the event time moving forward
 * {@value #STEP} ms a record: tumbling 1 s, sliding 10 s every 1 s (ten windows a record), and the
 * merge of a key's {@code sessions} in-flight session windows (30 s gap) with a new one that joins the
 * last two. The assigners ask a context that keeps the window it handed out last, as the window
 * operator's cache does for records of the same window. One thread; not final: JMH subclasses its
 * state classes.
 */
public class WindowAssignment extends Microbenchmark {
    /** Event time between consecutive records, in milliseconds. */
    static final long STEP = 7;
    /** The session gap, in milliseconds. */
    static final long GAP = 30_000;
    /** From one in-flight session's start to the next one's. */
    static final long SPACING = GAP + GAP / 2;

    private static final Object RECORD = "record";

    /** In-flight session windows of the key before the new record's window joins them. */
    @Param({"2", "16"})
    public int sessions;

    private final TumblingEventTimeWindows<Object> tumbling = TumblingEventTimeWindows.of(1_000);
    private final SlidingEventTimeWindows<Object> sliding = SlidingEventTimeWindows.of(10_000, 1_000);
    private final MergingWindowAssigner<Object, TimeWindow> session = EventTimeSessionWindows.withGap(GAP);
    private final LastWindowContext context = new LastWindowContext();
    private final List<TimeWindow> assigned = new ArrayList<>();
    private final List<TimeWindow> inFlight = new ArrayList<>();
    private final LastMerge merges = new LastMerge();
    private long timestamp;

    /**
     * The key's sessions, each {@code GAP} long and {@code GAP / 2} apart, then the new record's window,
     * which starts {@code 3 * GAP / 4} before the last session and so overlaps the last two (appended last,
     * as the merging window set appends it).
     */
    @Setup(Level.Trial)
    public void createWindows() {
        timestamp = 0;
        inFlight.clear();
        for (int s = 0; s < sessions; s++) {
            inFlight.add(new TimeWindow(SPACING * s, SPACING * s + GAP));
        }
        final long lastStart = SPACING * (sessions - 1);
        inFlight.add(new TimeWindow(lastStart - 3 * GAP / 4, lastStart - 3 * GAP / 4 + GAP));
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

    /** @return the merge result: the window that covers the last session and the new record's window */
    @Benchmark
    public TimeWindow sessionMerge() {
        session.mergeWindows(inFlight, merges);
        return merges.last;
    }

    /** A window context that hands out the window it made last when it is asked for an equal one. */
    private static final class LastWindowContext implements WindowAssignerContext {
        private TimeWindow last = new TimeWindow(0, 0);

        @Override
        public long currentProcessingTime() {
            return 0;
        }

        @Override
        public TimeWindow timeWindow(final long start, final long end) {
            if (last.start() != start || last.end() != end) {
                last = new TimeWindow(start, end);
            }
            return last;
        }
    }

    /** Keeps the last merge result the assigner reported. */
    private static final class LastMerge implements MergingWindowAssigner.MergeCallback<TimeWindow> {
        private TimeWindow last;

        @Override
        public void merge(final Collection<TimeWindow> toBeMerged, final TimeWindow mergeResult) {
            last = mergeResult;
        }
    }
}
