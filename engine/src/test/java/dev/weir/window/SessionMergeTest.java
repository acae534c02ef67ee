package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The session assigner's merge: runs of overlapping or touching windows, in any input order, each reported once with
 * its members in start order (an equal window once) and their cover; and, once warm, a merge allocates only the
 * covers it reports.
 */
final class SessionMergeTest {
    private static final EventTimeSessionWindows<Object> SESSIONS = EventTimeSessionWindows.withGap(10);

    private static TimeWindow window(final long start, final long end) {
        return new TimeWindow(start, end);
    }

    /** @return each reported merge as {@code members -> cover}, members copied (they are valid during the call only) */
    private static List<String> merges(final TimeWindow... windows) {
        final List<String> merges = new ArrayList<>();
        SESSIONS.mergeWindows(List.of(windows), (members, cover) -> merges.add(new ArrayList<>(members) + " -> " + cover));
        return merges;
    }

    @Test
    void runsOfIntersectingWindowsMergeIntoTheirCoverWithTheirMembersInStartOrder() {
        // apart: nothing to merge
        assertEquals(List.of(), merges(window(0, 10), window(20, 30), window(40, 50)));
        // overlapping and touching (10 = 10), given out of order: one run
        assertEquals(List.of("[[0,10), [5,15), [15,25)] -> [0,25)"), merges(window(15, 25), window(0, 10), window(5, 15)));
        // two runs, a lone window between them
        assertEquals(List.of("[[0,10), [8,18)] -> [0,18)", "[[50,60), [52,62), [61,71)] -> [50,71)"),
                merges(window(61, 71), window(30, 40), window(0, 10), window(52, 62), window(8, 18), window(50, 60)));
        // a window inside another merges into the outer one's bounds
        assertEquals(List.of("[[0,30), [5,15)] -> [0,30)"), merges(window(5, 15), window(0, 30)));
    }

    @Test
    void anEqualWindowIsAMemberOnceAndAloneMergesWithNothing() {
        assertEquals(List.of(), merges(window(0, 10), window(0, 10)));
        assertEquals(List.of("[[0,10), [0,12), [5,15)] -> [0,15)"),
                merges(window(0, 10), window(0, 12), window(0, 10), window(5, 15), window(0, 12)));
    }

    @Test
    void moreWindowsThanTheBufferHeldAtFirstAreAllMerged() {
        final List<TimeWindow> windows = new ArrayList<>();
        for (int i = 99; i >= 0; i--) {
            windows.add(window(i * 5, i * 5 + 10));
        }
        final List<String> merges = new ArrayList<>();
        SESSIONS.mergeWindows(windows, (members, cover) -> merges.add(members.size() + " -> " + cover));
        assertEquals(List.of("100 -> [0,505)"), merges);
    }

    @Test
    void aWarmMergeAllocatesOnlyTheCoverItReports() {
        // sixteen sessions and a new window joining the last two, as the jmh benchmark SessionMerge has them
        final List<TimeWindow> windows = new ArrayList<>();
        for (int s = 0; s < 16; s++) {
            windows.add(window(15 * s, 15 * s + 10));
        }
        windows.add(window(15 * 15 - 8, 15 * 15 + 2));
        final long[] merged = new long[1];
        final MergingWindowAssigner.MergeCallback<TimeWindow> count = (members, cover) -> merged[0] += members.size();
        final int calls = 100_000;
        for (int i = 0; i < calls; i++) {
            SESSIONS.mergeWindows(windows, count);
        }
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        for (int i = 0; i < calls; i++) {
            SESSIONS.mergeWindows(windows, count);
        }
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        // one TimeWindow (two longs: 32 bytes with its header) per merge, nothing else
        assertTrue(allocated < 40L * calls, "allocated " + allocated + " bytes for " + calls + " merges");
        assertEquals(2L * 3 * calls, merged[0]);
    }
}
