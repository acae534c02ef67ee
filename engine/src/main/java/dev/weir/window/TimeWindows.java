package dev.weir.window;

import dev.weir.event.MissingTimestampException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Shared rules of time windows: the timestamp check and the merge of overlapping windows. */
final class TimeWindows {
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

    /** Sorts by start and merges runs of intersecting windows into their cover. */
    static void mergeWindows(final Collection<TimeWindow> windows, final MergingWindowAssigner.MergeCallback<TimeWindow> callback) {
        final List<TimeWindow> sorted = new ArrayList<>(windows);
        sorted.sort(Comparator.comparingLong(TimeWindow::start));
        TimeWindow cover = null;
        Set<TimeWindow> members = null;
        for (final TimeWindow candidate : sorted) {
            if (cover == null) {
                cover = candidate;
                members = new LinkedHashSet<>();
                members.add(candidate);
            } else if (cover.intersects(candidate)) {
                cover = cover.cover(candidate);
                members.add(candidate);
            } else {
                if (members.size() > 1) {
                    callback.merge(members, cover);
                }
                cover = candidate;
                members = new LinkedHashSet<>();
                members.add(candidate);
            }
        }
        if (members != null && members.size() > 1) {
            callback.merge(members, cover);
        }
    }
}
