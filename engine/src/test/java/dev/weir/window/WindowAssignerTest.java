package dev.weir.window;

import static dev.weir.window.WindowFixtures.payloadOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "Assigners": windows are {@code [start, end)} aligned to the epoch plus an
 * offset ({@code start = ts - ((ts - offset) % size)}, negative remainders corrected),
 * {@code maxTimestamp = end - 1}; sliding windows hold a record in {@code size / slide}
 * windows, latest start first; sessions are {@code [t, t + gap)}; the global window holds all.
 */
class WindowAssignerTest {
    private static final long DAY = 86_400_000L;
    private static final long HOUR = 3_600_000L;

    private static <W extends Window> List<W> assign(final WindowAssigner<String, W> assigner, final String record, final long timestamp) {
        final List<W> windows = new ArrayList<>();
        assigner.assignWindows(record, timestamp, WindowAssignerContext.of(0), windows);
        return windows;
    }

    private static List<TimeWindow> assign(final WindowAssigner<String, TimeWindow> assigner, final long timestamp) {
        return assign(assigner, "a:x", timestamp);
    }

    private static TimeWindow window(final long start, final long end) {
        return new TimeWindow(start, end);
    }

    @Test
    void windowStartOfNegativeTimestampCorrectsNegativeRemainder() {
        assertEquals(-5000, TimeWindow.windowStart(-1, 0, 5000));
        assertEquals(-5000, TimeWindow.windowStart(-4999, 0, 5000));
        assertEquals(-5000, TimeWindow.windowStart(-5000, 0, 5000));
        assertEquals(-10000, TimeWindow.windowStart(-5001, 0, 5000));
        assertEquals(0, TimeWindow.windowStart(0, 0, 5000));
        assertEquals(0, TimeWindow.windowStart(4999, 0, 5000));
        assertEquals(List.of(window(-5000, 0)), assign(TumblingEventTimeWindows.of(5000), -1));
    }

    @Test
    void windowMaxTimestampIsEndMinusOne() {
        assertEquals(-1, window(-5000, 0).maxTimestamp());
        assertEquals(4999, window(0, 5000).maxTimestamp());
    }

    @Test
    void tumblingWindowsWithPositiveOffsetAlignToShiftedEpoch() {
        final TumblingEventTimeWindows<String> windows = TumblingEventTimeWindows.of(5000, 1000);
        assertEquals(List.of(window(-4000, 1000)), assign(windows, 0));
        assertEquals(List.of(window(-4000, 1000)), assign(windows, 999));
        assertEquals(List.of(window(1000, 6000)), assign(windows, 1000));
        assertEquals(List.of(window(1000, 6000)), assign(windows, 5999));
        assertEquals(List.of(window(-9000, -4000)), assign(windows, -4001));
    }

    @Test
    void tumblingWindowsWithNegativeOffsetAlignToShiftedEpoch() {
        final TumblingEventTimeWindows<String> windows = TumblingEventTimeWindows.of(5000, -1000);
        assertEquals(List.of(window(-1000, 4000)), assign(windows, 0));
        assertEquals(List.of(window(-1000, 4000)), assign(windows, -1000));
        assertEquals(List.of(window(-1000, 4000)), assign(windows, 3999));
        assertEquals(List.of(window(4000, 9000)), assign(windows, 4000));
        assertEquals(List.of(window(-6000, -1000)), assign(windows, -1001));
    }

    @Test
    void dayWindowsWithOffsetMinusEightHoursFollowUtcPlusEightDays() {
        final ZoneOffset utcPlus8 = ZoneOffset.ofHours(8);
        final long midnight = LocalDate.of(2024, 3, 15).atStartOfDay(utcPlus8).toInstant().toEpochMilli();
        final long nextMidnight = LocalDate.of(2024, 3, 16).atStartOfDay(utcPlus8).toInstant().toEpochMilli();
        final TumblingEventTimeWindows<String> localDays = TumblingEventTimeWindows.of(DAY, -8 * HOUR);

        assertEquals(List.of(window(midnight, nextMidnight)), assign(localDays, midnight));
        assertEquals(List.of(window(midnight, nextMidnight)), assign(localDays, midnight + 12 * HOUR));
        assertEquals(List.of(window(midnight, nextMidnight)), assign(localDays, nextMidnight - 1));
        assertEquals(List.of(window(nextMidnight, nextMidnight + DAY)), assign(localDays, nextMidnight));

        // Without the offset the day is the UTC day: local midnight (16:00 UTC) falls in the previous UTC day.
        final long utcDayStart = LocalDate.of(2024, 3, 14).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        assertEquals(List.of(window(utcDayStart, utcDayStart + DAY)), assign(TumblingEventTimeWindows.of(DAY), midnight));
    }

    @Test
    void tumblingOffsetWithMagnitudeAtLeastSizeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> TumblingEventTimeWindows.of(5000, 5000));
        assertThrows(IllegalArgumentException.class, () -> TumblingEventTimeWindows.of(5000, -5000));
        assertThrows(IllegalArgumentException.class, () -> TumblingEventTimeWindows.of(5000, 7000));
        assertThrows(IllegalArgumentException.class, () -> TumblingEventTimeWindows.of(0));
        assertThrows(IllegalArgumentException.class, () -> TumblingEventTimeWindows.of(-1000));
        assertEquals(List.of(window(4999, 9999)), assign(TumblingEventTimeWindows.of(5000, 4999), 5000));
        assertEquals(List.of(window(1, 5001)), assign(TumblingEventTimeWindows.of(5000, -4999), 5000));
    }

    @Test
    void slidingWindowPutsRecordInSizeOverSlideWindowsLatestStartFirst() {
        final SlidingEventTimeWindows<String> windows = SlidingEventTimeWindows.of(3000, 1000);
        assertEquals(List.of(window(2000, 5000), window(1000, 4000), window(0, 3000)), assign(windows, 2500));
        assertEquals(List.of(window(3000, 6000), window(2000, 5000), window(1000, 4000)), assign(windows, 3000));
        assertEquals(List.of(window(2000, 5000), window(1000, 4000), window(0, 3000)), assign(windows, 2999));
        assertEquals(List.of(window(-1000, 2000), window(-2000, 1000), window(-3000, 0)), assign(windows, -1));
    }

    @Test
    void slidingWindowWithSizeNotMultipleOfSlideHoldsRecordInTwoOrThreeWindows() {
        final SlidingEventTimeWindows<String> windows = SlidingEventTimeWindows.of(5000, 2000);
        // Starts s with s <= ts < s + 5000, s a multiple of 2000.
        assertEquals(List.of(window(4000, 9000), window(2000, 7000), window(0, 5000)), assign(windows, 4500));
        assertEquals(List.of(window(0, 5000), window(-2000, 3000)), assign(windows, 1000));
    }

    @Test
    void slidingWindowsWithOffsetAlignToShiftedEpoch() {
        final SlidingEventTimeWindows<String> windows = SlidingEventTimeWindows.of(3000, 1000, 200);
        assertEquals(List.of(window(2200, 5200), window(1200, 4200), window(200, 3200)), assign(windows, 2500));
        assertEquals(List.of(window(1200, 4200), window(200, 3200), window(-800, 2200)), assign(windows, 2199));
    }

    @Test
    void slidingOffsetWithMagnitudeAtLeastSlideIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> SlidingEventTimeWindows.of(3000, 1000, 1000));
        assertThrows(IllegalArgumentException.class, () -> SlidingEventTimeWindows.of(3000, 1000, -1000));
        assertThrows(IllegalArgumentException.class, () -> SlidingEventTimeWindows.of(0, 1000));
        assertThrows(IllegalArgumentException.class, () -> SlidingEventTimeWindows.of(3000, 0));
    }

    @Test
    void sessionWindowIsTimestampToTimestampPlusGap() {
        final EventTimeSessionWindows<String> sessions = EventTimeSessionWindows.withGap(3000);
        assertEquals(List.of(window(1000, 4000)), assign(sessions, 1000));
        assertEquals(List.of(window(-500, 2500)), assign(sessions, -500));
        assertTrue(sessions.isEventTime());
        assertThrows(IllegalArgumentException.class, () -> EventTimeSessionWindows.withGap(0));
    }

    @Test
    void sessionWindowsIntersectWhenTheyOverlapOrTouch() {
        assertTrue(window(1000, 4000).intersects(window(4000, 7000)));
        assertTrue(window(4000, 7000).intersects(window(1000, 4000)));
        assertTrue(window(1000, 4000).intersects(window(2000, 3000)));
        assertFalse(window(1000, 4000).intersects(window(4001, 7001)));
        assertEquals(window(1000, 7000), window(1000, 4000).cover(window(4000, 7000)));
    }

    @Test
    void dynamicSessionGapComesFromEachRecord() {
        final EventTimeSessionWindows<String> sessions = EventTimeSessionWindows.withDynamicGap(record -> Long.parseLong(payloadOf(record)));
        assertEquals(List.of(window(1000, 3000)), assign(sessions, "a:2000", 1000));
        assertEquals(List.of(window(1000, 1500)), assign(sessions, "a:500", 1000));
        assertThrows(IllegalArgumentException.class, () -> assign(sessions, "a:0", 1000));
    }

    @Test
    void globalWindowHoldsEveryRecordAndNeverEnds() {
        final GlobalWindows<String> global = GlobalWindows.create();
        assertEquals(List.of(GlobalWindow.INSTANCE), assign(global, "a:x", 42));
        // The global window needs no timestamp.
        assertEquals(List.of(GlobalWindow.INSTANCE), assign(global, "a:x", Long.MIN_VALUE));
        assertSame(GlobalWindow.INSTANCE, assign(global, "b:y", -7).get(0));
        assertEquals(Long.MAX_VALUE, GlobalWindow.INSTANCE.maxTimestamp());
        assertFalse(global.isEventTime());
        assertInstanceOf(NeverTrigger.class, global.defaultTrigger());
    }
}
