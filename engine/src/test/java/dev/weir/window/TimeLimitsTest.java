package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.testing.OperatorHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "Time near the ends of long": window bounds saturate at
 * {@code Long.MIN_VALUE}/{@code Long.MAX_VALUE} instead of wrapping, for tumbling, sliding and
 * session windows and every offset; a record at {@code Long.MAX_VALUE} fits no time window;
 * the cleanup time, the late check and the merge check saturate; sliding windows refuse more
 * than {@link SlidingEventTimeWindows#MAX_WINDOWS_PER_RECORD} windows per record.
 */
class TimeLimitsTest {
    private static final long MAX = Long.MAX_VALUE;
    private static final long MIN = Long.MIN_VALUE;

    private static List<TimeWindow> assign(final WindowAssigner<String, TimeWindow> assigner, final long timestamp) {
        final List<TimeWindow> windows = new ArrayList<>();
        assigner.assignWindows("a:x", timestamp, WindowAssignerContext.of(0), windows);
        return windows;
    }

    private static TimeWindow window(final long start, final long end) {
        return new TimeWindow(start, end);
    }

    @Test
    void tumblingWindowsNearTheEndsOfTimeSaturateForEveryOffset() {
        // MAX % 5000 = 807
        assertEquals(List.of(window(9223372036854775000L, MAX)), assign(TumblingEventTimeWindows.of(5000), MAX - 1));
        assertEquals(List.of(window(9223372036854775000L, MAX)), assign(TumblingEventTimeWindows.of(5000), 9223372036854775000L));
        assertEquals(List.of(window(9223372036854770000L, 9223372036854775000L)),
                assign(TumblingEventTimeWindows.of(5000), 9223372036854774999L));
        assertEquals(List.of(window(9223372036854774999L, MAX)), assign(TumblingEventTimeWindows.of(5000, 4999), MAX - 1));
        assertEquals(List.of(window(9223372036854775001L, MAX)), assign(TumblingEventTimeWindows.of(5000, -4999), MAX - 1));
        // MIN % 5000 = -808: the aligned start -9223372036854780000 lies before MIN
        assertEquals(List.of(window(MIN, -9223372036854775000L)), assign(TumblingEventTimeWindows.of(5000), MIN + 1));
        assertEquals(List.of(window(MIN, -9223372036854774999L)), assign(TumblingEventTimeWindows.of(5000, 1), MIN + 1));
        assertEquals(List.of(window(-9223372036854775000L, -9223372036854770000L)),
                assign(TumblingEventTimeWindows.of(5000), -9223372036854775000L));
        // a window as large as the range
        assertEquals(List.of(window(0, MAX)), assign(TumblingEventTimeWindows.of(MAX), 5));
        assertEquals(List.of(window(MIN + 1, 0)), assign(TumblingEventTimeWindows.of(MAX), -5));
        assertEquals(List.of(window(MIN, -1)), assign(TumblingEventTimeWindows.of(MAX, MAX - 1), MIN + 1));
    }

    @Test
    void theTumblingWindowCacheGivesTheSameSaturatedWindows() {
        final TimeWindowCache cache = new TimeWindowCache();
        assertEquals(window(9223372036854775000L, MAX), cache.containing(MAX - 1, 0, 5000));
        assertEquals(window(9223372036854775000L, MAX), cache.containing(MAX - 807, 0, 5000));
        assertEquals(window(MIN, -9223372036854775000L), cache.containing(MIN + 1, 0, 5000));
        assertEquals(window(9223372036854774999L, MAX), cache.containing(MAX - 1, 4999, 5000));
    }

    @Test
    void slidingWindowsNearTheEndsOfTimeSaturateLatestStartFirst() {
        assertEquals(List.of(window(9223372036854775000L, MAX), window(9223372036854770000L, MAX)),
                assign(SlidingEventTimeWindows.of(10_000, 5000), MAX - 1));
        assertEquals(List.of(window(9223372036854775000L, MAX), window(9223372036854770000L, MAX), window(9223372036854765000L, MAX)),
                assign(SlidingEventTimeWindows.of(15_000, 5000), MAX - 1));
        assertEquals(List.of(window(9223372036854774999L, MAX), window(9223372036854769999L, MAX)),
                assign(SlidingEventTimeWindows.of(10_000, 5000, 4999), MAX - 1));
        // both aligned starts lie before MIN; the windows still differ by their ends
        assertEquals(List.of(window(MIN, -9223372036854770000L), window(MIN, -9223372036854775000L)),
                assign(SlidingEventTimeWindows.of(10_000, 5000), MIN + 1));
        // windows as large as the range: starting 0 and 5 - (MAX / 2 + 1 + 5)
        assertEquals(List.of(window(0, MAX), window(-4611686018427387904L, 4611686018427387903L)),
                assign(SlidingEventTimeWindows.of(MAX, MAX / 2 + 1), 5));
    }

    @Test
    void sessionWindowsSaturateTheirEndForAnyGap() {
        assertEquals(List.of(window(1000, MAX)), assign(EventTimeSessionWindows.withGap(MAX), 1000));
        assertEquals(List.of(window(MAX - 1, MAX)), assign(EventTimeSessionWindows.withGap(10), MAX - 1));
        assertEquals(List.of(window(MIN + 1, 0)), assign(EventTimeSessionWindows.withGap(MAX), MIN + 1));
        assertEquals(List.of(window(5, MAX)), assign(EventTimeSessionWindows.<String>withDynamicGap(element -> MAX), 5));
        assertEquals(List.of(window(-5, MAX - 5)), assign(EventTimeSessionWindows.<String>withDynamicGap(element -> MAX), -5));
    }

    @Test
    void aRecordAtLongMaxValueFitsNoTimeWindowButTheGlobalOne() {
        for (final WindowAssigner<String, TimeWindow> assigner : List.<WindowAssigner<String, TimeWindow>>of(
                TumblingEventTimeWindows.of(5000), SlidingEventTimeWindows.of(10_000, 5000), EventTimeSessionWindows.withGap(MAX))) {
            final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> assign(assigner, MAX));
            assertTrue(error.getMessage().contains("9223372036854775807"), error.getMessage());
            assertTrue(error.getMessage().contains("end of time"), error.getMessage());
        }
        final List<GlobalWindow> global = new ArrayList<>();
        GlobalWindows.<String>create().assignWindows("a:x", MAX, WindowAssignerContext.of(0), global);
        assertEquals(List.of(GlobalWindow.INSTANCE), global);
    }

    @Test
    void aTumblingWindowEndingAtTheEndOfTimeFiresAtEndOfInputNotEarly() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(5000)));
        harness.processElement("a:near", MAX - 1);
        harness.processElement("a:nearer", MAX - 807);
        harness.processWatermark(1000);
        harness.processWatermark(MAX - 2);
        assertEquals(List.of("WM 1000", "WM 9223372036854775805"), harness.events());
        harness.clearOutput();
        harness.processWatermark(MAX);
        assertEquals(List.of("a [9223372036854775000,9223372036854775807) [near, nearer] wm=MAX@9223372036854775806", "WM MAX"),
                harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
    }

    @Test
    void aSessionWithTheLargestGapKeepsEveryRecordAndFiresAtEndOfInput() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(MAX)));
        harness.processElement("a:1000", 1000);
        harness.processElement("a:5000", 5000);
        harness.processElement("b:-7", -7);
        harness.processWatermark(1_000_000);
        assertEquals(List.of("WM 1000000"), harness.events());
        harness.clearOutput();
        harness.processWatermark(MAX);
        // b's session [-7, MAX - 7) does not reach the end of time; a's saturates
        assertEquals(List.of("b [-7,9223372036854775800) [-7] wm=MAX@9223372036854775799",
                "a [1000,9223372036854775807) [1000, 5000] wm=MAX@9223372036854775806", "WM MAX"), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void theLargestAllowedLatenessNeverMakesAMergeOrARecordLate() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(1000)).allowedLateness(MAX));
        harness.processElement("a:1000", 1000);
        harness.processWatermark(4999);
        assertEquals(List.of("a [1000,2000) [1000] wm=4999@1999", "WM 4999"), harness.events());
        harness.clearOutput();
        // [1500,2500) merges with [1000,2000) behind the watermark: allowed, its cleanup time is MAX
        harness.processElement("a:1500", 1500);
        assertEquals(List.of("a [1000,2500) [1000, 1500] wm=4999@2499"), harness.events());
        harness.clearOutput();
        // a record far behind the watermark still joins its window
        harness.processElement("a:-9000000000000000000", -9_000_000_000_000_000_000L);
        harness.processWatermark(MAX - 1);
        assertEquals(List.of("a [-9000000000000000000,-8999999999999999000) [-9000000000000000000] wm=4999@-8999999999999999001",
                "WM 9223372036854775806"), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void theLargestAllowedLatenessOnTumblingWindowsRefiresInsteadOfDroppingAsLate() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).allowedLateness(MAX));
        harness.processElement("a:10", 10);
        harness.processWatermark(MAX - 1);
        harness.processElement("a:20", 20);
        assertEquals(List.of("a [0,1000) [10] wm=9223372036854775806@999", "WM 9223372036854775806",
                "a [0,1000) [10, 20] wm=9223372036854775806@999"), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void aTimeEvictorNearTheStartOfTimeKeepsWhatIsWithinItsSize() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).evictor(TimeEvictor.of(10)));
        harness.processElement("a:first", MIN + 1);
        harness.processElement("a:second", MIN + 5);
        harness.processElement("a:third", MIN + 500);
        harness.processWatermark(0);
        // the window [MIN, -9223372036854775000) keeps the last 10 ms before its newest element
        assertEquals(List.of("a [-9223372036854775808,-9223372036854775000) [third] wm=0@-9223372036854775001", "WM 0"),
                harness.events());
        // newest MIN + 5: the cutoff MIN + 5 - 10 saturates at MIN instead of wrapping and evicting everything
        final OperatorHarness<String, String> nearer = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).evictor(TimeEvictor.of(10)));
        nearer.processElement("b:first", MIN + 1);
        nearer.processElement("b:second", MIN + 5);
        nearer.processWatermark(1);
        assertEquals(List.of("b [-9223372036854775808,-9223372036854775000) [first, second] wm=1@-9223372036854775001", "WM 1"),
                nearer.events());
    }

    @Test
    void slidingWindowsRefuseMoreWindowsPerRecordThanTheBound() {
        assertEquals(100_000, assign(SlidingEventTimeWindows.of(100_000, 1), 12_345).size());
        assertEquals(100_000, SlidingEventTimeWindows.windowsPerRecord(1_000_000_000, 10_000));
        for (final long[] sizeAndSlide : new long[][] {{1_000_000_000, 1}, {100_001, 1}, {1_000_000_001, 10_000}, {MAX, 1}}) {
            final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> SlidingEventTimeWindows.of(sizeAndSlide[0], sizeAndSlide[1]));
            assertTrue(error.getMessage().contains("size " + sizeAndSlide[0] + " and slide " + sizeAndSlide[1]), error.getMessage());
            assertTrue(error.getMessage().contains("at most 100000"), error.getMessage());
            assertTrue(error.getMessage().contains("at least " + SlidingEventTimeWindows.minimumSlide(sizeAndSlide[0])), error.getMessage());
        }
        assertEquals(10_000, SlidingEventTimeWindows.minimumSlide(1_000_000_000));
        assertEquals(10_001, SlidingEventTimeWindows.minimumSlide(1_000_000_001));
    }
}
