package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static dev.weir.window.WindowFixtures.payloadOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.operator.OutputTag;
import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "Late data": for a record at t in window [s, e), watermark W, lateness L:
 * (a) W < e-1 normal; (b) e-1 <= W < e-1+L accepted and the window re-fires at once with its
 * full contents; (c) window cleaned ({@code cleanupTime <= W}) and {@code t + L <= W}: late
 * side output; (d) otherwise dropped and counted. A record is dropped only if all its windows
 * were skipped, and only if it is late by its own timestamp (Flink's {@code isElementLate}).
 */
class LatenessTest {
    private static final OutputTag<String> LATE = new OutputTag<>("late");

    private static OperatorHarness<String, String> tumbling(final long allowedLateness) {
        return describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).allowedLateness(allowedLateness));
    }

    private static OperatorHarness<String, String> tumblingWithLateOutput(final long allowedLateness) {
        return describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000))
                .allowedLateness(allowedLateness).sideOutputLateData(LATE));
    }

    @Test
    void recordBeforeWindowEndIsAddedNormally() {
        final OperatorHarness<String, String> harness = tumbling(1000);
        harness.processWatermark(500);
        harness.processElement("a:1", 100);
        harness.processWatermark(998);
        harness.processElement("a:2", 998);
        harness.processWatermark(999);
        assertEquals(List.of("WM 500", "WM 998", "a [0,1000) [1, 2] wm=999@999", "WM 999"), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void lateRecordWithinAllowedLatenessRefiresWithFullContents() {
        final OperatorHarness<String, String> harness = tumbling(1000);
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [1, 2] wm=999@999", "WM 999"), harness.events());

        harness.clearOutput();
        harness.processElement("a:3", 300);
        assertEquals(List.of("a [0,1000) [1, 2, 3] wm=999@999"), harness.events());
    }

    @Test
    void eachFurtherLateRecordRefiresTheWindowAgain() {
        final OperatorHarness<String, String> harness = tumbling(1000);
        harness.processElement("a:1", 100);
        harness.processWatermark(999);
        harness.clearOutput();

        harness.processElement("a:2", 200);
        harness.processWatermark(1500);
        harness.processElement("a:3", 999);
        harness.processWatermark(1998);
        // The last instant before cleanup (cleanupTime 1999 > W 1998) still accepts.
        harness.processElement("a:4", 0);
        assertEquals(List.of(
                "a [0,1000) [1, 2] wm=999@999",
                "WM 1500",
                "a [0,1000) [1, 2, 3] wm=1500@999",
                "WM 1998",
                "a [0,1000) [1, 2, 3, 4] wm=1998@999"), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void windowIsCleanedUpAtMaxTimestampPlusAllowedLatenessWithoutFiringAgain() {
        final OperatorHarness<String, String> harness = tumbling(1000);
        harness.processElement("a:1", 100);
        harness.processWatermark(999);
        harness.processWatermark(1998);
        assertEquals(1, operatorOf(harness).stateEntries());
        harness.processWatermark(1999);
        assertEquals(List.of("a [0,1000) [1] wm=999@999", "WM 999", "WM 1998", "WM 1999"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void lateRecordForCleanedUpWindowGoesToLateSideOutput() {
        final OperatorHarness<String, String> harness = tumblingWithLateOutput(1000);
        harness.processElement("a:1", 100);
        harness.processWatermark(1999);
        harness.clearOutput();

        harness.processElement("a:2", 500);
        // t + L = 1999 <= W: late by the element rule too.
        harness.processElement("a:3", 999);
        assertEquals(List.of("SIDE late a:2@500", "SIDE late a:3@999"), harness.events());
        assertEquals(List.of("a:2", "a:3"), harness.sideRecords());
        assertEquals(2, operatorOf(harness).lateRecordsSideOutput());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
        assertEquals(0, operatorOf(harness).stateEntries());
    }

    @Test
    void lateRecordForCleanedUpWindowIsDroppedAndCountedWithoutSideOutput() {
        final OperatorHarness<String, String> harness = tumbling(1000);
        harness.processElement("a:1", 100);
        harness.processWatermark(1999);
        harness.clearOutput();

        harness.processElement("a:2", 500);
        harness.processElement("a:3", 999);
        assertEquals(List.of(), harness.events());
        assertEquals(2, operatorOf(harness).lateRecordsDropped());
        assertEquals(0, operatorOf(harness).lateRecordsSideOutput());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void recordForNeverOpenedButExpiredWindowIsLateToo() {
        final OperatorHarness<String, String> harness = tumblingWithLateOutput(0);
        harness.processWatermark(5000);
        harness.clearOutput();
        harness.processElement("a:1", 4999);
        assertEquals(List.of("SIDE late a:1@4999"), harness.events());
    }

    @Test
    void recordInCleanedUpWindowButNotLateByItsTimestampIsNeitherAddedNorSideOutputNorCounted() {
        // The window comes from the payload, not the timestamp, so window and timestamp disagree.
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, new PayloadWindowAssigner()).sideOutputLateData(LATE));
        harness.processElement("a:0", 100);
        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [0] wm=999@999", "WM 999"), harness.events());
        harness.clearOutput();

        // Window [0,1000) is cleaned up (cleanupTime 999 <= W 999) but t + L = 5000 > W.
        harness.processElement("a:0", 5000);
        assertEquals(List.of(), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsSideOutput());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());

        // The same record with a timestamp at or below W is late by the element rule.
        harness.processElement("a:0", 999);
        assertEquals(List.of("SIDE late a:0@999"), harness.events());
        assertEquals(1, operatorOf(harness).lateRecordsSideOutput());
    }

    @Test
    void slidingRecordIsDroppedOnlyIfAllItsWindowsWereSkipped() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(3000, 1000)).sideOutputLateData(LATE));
        harness.processWatermark(3500);
        harness.clearOutput();

        // Windows [2000,5000) and [1000,4000) are open, [0,3000) is gone: added, not late.
        harness.processElement("a:x", 2500);
        assertEquals(List.of(), harness.events());
        // Windows [0,3000), [-1000,2000), [-2000,1000) are all gone: late.
        harness.processElement("a:y", 500);
        assertEquals(List.of("SIDE late a:y@500"), harness.events());
        assertEquals(1, operatorOf(harness).lateRecordsSideOutput());

        harness.clearOutput();
        harness.processWatermark(4999);
        assertEquals(List.of("a [1000,4000) [x] wm=4999@3999", "a [2000,5000) [x] wm=4999@4999", "WM 4999"), harness.events());
    }

    @Test
    void slidingRecordWithAllWindowsSkippedIsCountedOnceWithoutSideOutput() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(3000, 1000)));
        harness.processWatermark(3500);
        harness.processElement("a:x", 2500);
        harness.processElement("a:y", 500);
        assertEquals(1, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void cleanupTimeOverflowingLongMaxMeansTheWindowIsNeverCleanedUp() {
        // maxTimestamp 999 + Long.MAX_VALUE overflows: Flink treats the cleanup time as "end of time".
        final OperatorHarness<String, String> harness = tumblingWithLateOutput(Long.MAX_VALUE);
        harness.processElement("a:1", 100);
        // The trigger's timer at 999 only; no cleanup timer.
        assertEquals(1, operatorOf(harness).pendingTimers());
        harness.processWatermark(1_000_000);
        harness.processElement("a:2", 200);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [0,1000) [1] wm=1000000@999", "WM 1000000", "a [0,1000) [1, 2] wm=1000000@999", "WM MAX"),
                harness.events());
        assertEquals(1, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).lateRecordsSideOutput());
    }

    /** Puts a record into the 1000 ms window starting at its payload, whatever its timestamp. */
    private static final class PayloadWindowAssigner extends WindowAssigner<String, TimeWindow> {
        @Override
        public void assignWindows(final String element, final long timestamp, final WindowAssignerContext context, final List<TimeWindow> windows) {
            final long start = Long.parseLong(payloadOf(element));
            windows.add(new TimeWindow(start, start + 1000));
        }

        @Override
        public Trigger<String, TimeWindow> defaultTrigger() {
            return EventTimeTrigger.create();
        }

        @Override
        public boolean isEventTime() {
            return true;
        }

        @Override
        public Class<TimeWindow> windowType() {
            return TimeWindow.class;
        }
    }
}
