package dev.weir.window;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * Merges overlapping or touching time windows into their covers (docs/semantics.md §4) with buffers it keeps from one
 * merge to the next, so a merge allocates only the windows it reports (one per group of more than one window that no
 * member covers already; and a sorting buffer once more than 32 windows are in flight). Not thread-safe: one per thread ({@link TimeWindows}).
 */
final class WindowMerger {
    private static final Comparator<TimeWindow> BY_START = Comparator.comparingLong(TimeWindow::start);

    private TimeWindow[] sorted = new TimeWindow[16];
    private final List<TimeWindow> members = new ArrayList<>();
    private final List<TimeWindow> readOnlyMembers = Collections.unmodifiableList(members);

    /**
     * Sorts the windows by start (equal starts keep their order) and reports each run of intersecting windows, without
     * repeating an equal window, and the window covering it. The members handed to the callback are valid during the
     * call only, in start order; the callback must not merge on this thread meanwhile.
     *
     * @param windows the windows in flight plus the new one
     * @param callback told of every group of more than one window and its cover
     */
    void merge(final Collection<TimeWindow> windows, final MergingWindowAssigner.MergeCallback<TimeWindow> callback) {
        final int count = windows.size();
        if (count > sorted.length) {
            sorted = new TimeWindow[Math.max(count, 2 * sorted.length)];
        }
        windows.toArray(sorted);
        Arrays.sort(sorted, 0, count, BY_START);
        long coverStart = 0;
        long coverEnd = 0;
        members.clear();
        for (int i = 0; i < count; i++) {
            final TimeWindow candidate = sorted[i];
            if (members.isEmpty()) {
                coverStart = candidate.start();
                coverEnd = candidate.end();
                members.add(candidate);
            } else if (coverStart <= candidate.end() && coverEnd >= candidate.start()) {
                // touching windows intersect too (TimeWindow.intersects), so sessions a gap apart merge
                coverStart = Math.min(coverStart, candidate.start());
                coverEnd = Math.max(coverEnd, candidate.end());
                if (!members.contains(candidate)) {
                    members.add(candidate);
                }
            } else {
                report(callback, coverStart, coverEnd);
                coverStart = candidate.start();
                coverEnd = candidate.end();
                members.clear();
                members.add(candidate);
            }
        }
        report(callback, coverStart, coverEnd);
        // hold no windows between merges: they may be long gone from the operator
        members.clear();
        Arrays.fill(sorted, 0, count, null);
    }

    private void report(final MergingWindowAssigner.MergeCallback<TimeWindow> callback, final long start, final long end) {
        if (members.size() > 1) {
            callback.merge(readOnlyMembers, cover(start, end));
        }
    }

    /** @return the member equal to {@code [start, end)} if there is one (a window that absorbs the others), else a new window */
    private TimeWindow cover(final long start, final long end) {
        for (int i = 0; i < members.size(); i++) {
            final TimeWindow member = members.get(i);
            if (member.start() == start && member.end() == end) {
                return member;
            }
        }
        return new TimeWindow(start, end);
    }
}
