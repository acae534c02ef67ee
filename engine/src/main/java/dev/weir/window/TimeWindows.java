package dev.weir.window;

import dev.weir.event.MissingTimestampException;
import java.util.Collection;

/** Shared rules of time windows: the timestamp check and the merge of overlapping windows. */
final class TimeWindows {
    /** Assigners are shared by the operator instances of a parallel stage, so each thread merges with its own buffers. */
    private static final ThreadLocal<WindowMerger> MERGERS = ThreadLocal.withInitial(WindowMerger::new);

    private TimeWindows() {
    }

    /**
     * @throws MissingTimestampException for {@code Long.MIN_VALUE}, Flink's "no timestamp"
     * @throws IllegalArgumentException for {@code Long.MAX_VALUE}, which no half-open window holds
     */
    static long requireTimestamp(final long timestamp, final String assigner) {
        if (timestamp == Long.MIN_VALUE) {
            throw new MissingTimestampException(assigner);
        }
        if (timestamp > TimeWindow.LAST_TIMESTAMP) {
            throw new IllegalArgumentException("timestamp " + timestamp + " (Long.MAX_VALUE, the end of time) fits no "
                    + assigner + ": windows end at Long.MAX_VALUE at the latest, exclusive");
        }
        return timestamp;
    }

    /**
     * Sorts by start and merges runs of intersecting windows into their cover, allocating only the covers reported
     * (see {@link WindowMerger}); the members handed to the callback are valid during the call only.
     */
    static void mergeWindows(final Collection<TimeWindow> windows, final MergingWindowAssigner.MergeCallback<TimeWindow> callback) {
        MERGERS.get().merge(windows, callback);
    }
}
