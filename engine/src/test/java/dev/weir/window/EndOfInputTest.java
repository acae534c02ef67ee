package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §2 "End of a bounded input emits MAX, which fires every pending window" and
 * §4 "Batch / bounded replay may skip intermediate watermarks: everything fires at MAX": the
 * MAX watermark fires every window in timestamp order before it is forwarded, and cleans
 * every event-time window up.
 */
class EndOfInputTest {
    @Test
    void maxWatermarkFiresEveryPendingWindowInTimestampOrder() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)));
        harness.processElement("a:1", 2500);
        harness.processElement("b:2", 500);
        harness.processElement("a:3", 1500);
        harness.processElement("b:4", 5500);
        harness.processElement("a:5", 2600);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of(
                "b [0,1000) [2] wm=MAX@999",
                "a [1000,2000) [3] wm=MAX@1999",
                "a [2000,3000) [1, 5] wm=MAX@2999",
                "b [5000,6000) [4] wm=MAX@5999",
                "WM MAX"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void maxWatermarkAfterIntermediateWatermarksFiresOnlyWhatIsStillPending() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)));
        harness.processElement("a:1", 500);
        harness.processElement("a:2", 1500);
        harness.processWatermark(999);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [0,1000) [1] wm=999@999", "WM 999", "a [1000,2000) [2] wm=MAX@1999", "WM MAX"), harness.events());
    }

    @Test
    void maxWatermarkFiresAndCleansUpWindowsWithAllowedLateness() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).allowedLateness(60_000));
        harness.processElement("a:1", 500);
        harness.processElement("a:2", 1500);
        assertEquals(4, operatorOf(harness).pendingTimers());
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [0,1000) [1] wm=MAX@999", "a [1000,2000) [2] wm=MAX@1999", "WM MAX"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void maxWatermarkFiresSessionWindowsAndRemovesTheirMergingState() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)));
        harness.processElement("a:1000", 1000);
        harness.processElement("a:2000", 2000);
        harness.processElement("a:9000", 9000);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [1000,5000) [1000, 2000] wm=MAX@4999", "a [9000,12000) [9000] wm=MAX@11999", "WM MAX"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void maxWatermarkFiresSlidingAndTumblingWindowsSpanningTheWholeInput() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(2000, 1000)));
        harness.processElement("a:x", 1500);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [0,2000) [x] wm=MAX@1999", "a [1000,3000) [x] wm=MAX@2999", "WM MAX"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
    }
}
