package dev.weir.jmh;

import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.MergingWindowAssigner;
import dev.weir.window.TimeWindow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The session assigner's merge (30 s gap) of a key's {@code sessions} in-flight session windows with a
 * new record's window that joins the last two, as the merging window set asks for it on every record
 * of a session window operator. One thread; not final: JMH subclasses its benchmark classes.
 */
public class SessionMerge extends Microbenchmark {
    /** The session gap, in milliseconds. */
    static final long GAP = 30_000;
    /** From one in-flight session's start to the next one's. */
    static final long SPACING = GAP + GAP / 2;

    /** In-flight session windows of the key before the new record's window joins them. */
    @Param({"2", "16"})
    public int sessions;

    private final MergingWindowAssigner<Object, TimeWindow> assigner = EventTimeSessionWindows.withGap(GAP);
    private final List<TimeWindow> windows = new ArrayList<>();
    private final LastMerge merges = new LastMerge();

    /**
     * The key's sessions, each {@code GAP} long and {@code GAP / 2} apart, then the new record's window,
     * which starts {@code 3 * GAP / 4} before the last session and so overlaps the last two (appended last,
     * as the merging window set appends it).
     */
    @Setup(Level.Trial)
    public void createWindows() {
        windows.clear();
        for (int s = 0; s < sessions; s++) {
            windows.add(new TimeWindow(SPACING * s, SPACING * s + GAP));
        }
        final long lastStart = SPACING * (sessions - 1);
        windows.add(new TimeWindow(lastStart - 3 * GAP / 4, lastStart - 3 * GAP / 4 + GAP));
    }

    /** @return the merge result: the window that covers the last two sessions and the new record's window */
    @Benchmark
    public TimeWindow merge() {
        assigner.mergeWindows(windows, merges);
        return merges.last;
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
