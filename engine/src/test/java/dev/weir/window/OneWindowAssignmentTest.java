package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Assigners that give every record exactly one window (tumbling, global) answer without a
 * list, and the window operator's cache answers a tumbling window from the window it handed
 * out last when the timestamp falls in it: always the window docs/semantics.md §4's formula gives.
 */
final class OneWindowAssignmentTest {
    private static final long SIZE = 5_000;

    private static TimeWindow byFormula(final long timestamp, final long offset, final long size) {
        return new TimeWindow(TimeWindow.windowStart(timestamp, offset, size), TimeWindow.windowEnd(timestamp, offset, size));
    }

    @Test
    void theCacheAnswersEveryTimestampWithTheFormulasWindowInOrderAndOutOfOrder() {
        for (final long offset : new long[] {0, 1_000, -1_000, 7, -4_999}) {
            final TimeWindowCache cache = new TimeWindowCache();
            for (long timestamp = -20_000; timestamp <= 20_000; timestamp += 333) {
                assertEquals(byFormula(timestamp, offset, SIZE), cache.containing(timestamp, offset, SIZE), "t=" + timestamp + " offset=" + offset);
            }
            final Random random = new Random(offset);
            for (int i = 0; i < 10_000; i++) {
                final long timestamp = random.nextInt(60_000) - 30_000;
                assertEquals(byFormula(timestamp, offset, SIZE), cache.containing(timestamp, offset, SIZE), "t=" + timestamp + " offset=" + offset);
            }
        }
    }

    @Test
    void recordsOfOneWindowGetTheSameWindowObject() {
        final TimeWindowCache cache = new TimeWindowCache();
        final TimeWindow first = cache.containing(10_000, 0, SIZE);
        assertSame(first, cache.containing(14_999, 0, SIZE));
        assertSame(first, cache.containing(10_000, 0, SIZE));
        assertEquals(new TimeWindow(15_000, 20_000), cache.containing(15_000, 0, SIZE));
        assertEquals(new TimeWindow(5_000, 10_000), cache.containing(9_999, 0, SIZE));
    }

    @Test
    void anotherAlignmentOrSizeIsNeverAnsweredFromTheLastWindow() {
        final TimeWindowCache cache = new TimeWindowCache();
        assertEquals(new TimeWindow(10_000, 15_000), cache.containing(12_000, 0, SIZE));
        assertEquals(new TimeWindow(11_000, 16_000), cache.containing(12_000, 1_000, SIZE), "same size, another offset");
        assertEquals(new TimeWindow(12_000, 13_000), cache.containing(12_000, 0, 1_000), "another size");
        assertEquals(new TimeWindow(10_000, 15_000), cache.containing(12_500, 0, SIZE));
    }

    @Test
    void timestampsAtTheEndOfTimeMatchTheFormula() {
        final TimeWindowCache cache = new TimeWindowCache();
        for (final long timestamp : new long[] {Long.MAX_VALUE - 1, Long.MAX_VALUE - 2, Long.MAX_VALUE - 6_000, Long.MIN_VALUE + 10_000}) {
            assertEquals(byFormula(timestamp, 0, SIZE), cache.containing(timestamp, 0, SIZE), "t=" + timestamp);
        }
    }

    @Test
    void tumblingWindowsGiveOneWindowEqualToTheListTheyAssign() {
        final TumblingEventTimeWindows<String> tumbling = TumblingEventTimeWindows.of(SIZE, 1_000);
        assertTrue(tumbling.assignsOneWindow());
        final WindowAssignerContext context = WindowAssignerContext.of(0);
        for (final long timestamp : new long[] {-1, 0, 999, 1_000, 5_999, 6_000, 123_456_789}) {
            final List<TimeWindow> windows = new ArrayList<>();
            tumbling.assignWindows("r", timestamp, context, windows);
            assertEquals(List.of(tumbling.assignWindow("r", timestamp, context)), windows, "t=" + timestamp);
        }
    }

    @Test
    void theGlobalWindowIsOneWindowAndSlidingWindowsAreNot() {
        final GlobalWindows<String> global = GlobalWindows.create();
        assertTrue(global.assignsOneWindow());
        assertSame(GlobalWindow.INSTANCE, global.assignWindow("r", 5, WindowAssignerContext.of(0)));
        final SlidingEventTimeWindows<String> sliding = SlidingEventTimeWindows.of(10_000, 5_000);
        assertFalse(sliding.assignsOneWindow());
        final UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> sliding.assignWindow("r", 5, WindowAssignerContext.of(0)));
        assertEquals(sliding + " does not give every record exactly one window", refused.getMessage());
    }
}
