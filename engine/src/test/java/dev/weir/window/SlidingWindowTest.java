package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "A sliding window puts a record in size / slide windows": one record is
 * in several windows, each with its own state and timer, each firing at its own watermark.
 */
class SlidingWindowTest {
    @Test
    void oneRecordAppearsInSeveralWindowsThatFireAtDifferentWatermarks() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(3000, 1000)));
        harness.processElement("a:x", 2500);
        harness.processElement("a:y", 3200);
        assertEquals(4, operatorOf(harness).pendingTimers());

        harness.processWatermark(2999);
        assertEquals(List.of("a [0,3000) [x] wm=2999@2999", "WM 2999"), harness.events());
        harness.clearOutput();
        harness.processWatermark(3999);
        assertEquals(List.of("a [1000,4000) [x, y] wm=3999@3999", "WM 3999"), harness.events());
        harness.clearOutput();
        harness.processWatermark(4999);
        assertEquals(List.of("a [2000,5000) [x, y] wm=4999@4999", "WM 4999"), harness.events());
        harness.clearOutput();
        harness.processWatermark(5999);
        assertEquals(List.of("a [3000,6000) [y] wm=5999@5999", "WM 5999"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void watermarkPassingSeveralSlidingWindowEndsFiresThemInEndOrder() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(3000, 1000)));
        harness.processElement("a:x", 2500);
        harness.processWatermark(10_000);
        assertEquals(List.of(
                "a [0,3000) [x] wm=10000@2999",
                "a [1000,4000) [x] wm=10000@3999",
                "a [2000,5000) [x] wm=10000@4999",
                "WM 10000"), harness.events());
    }

    @Test
    void slidingWindowsWithSizeNotMultipleOfSlideFireEachWindowOfTheRecord() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(5000, 2000)));
        harness.processElement("a:x", 1000);
        harness.processElement("a:y", 4500);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of(
                "a [-2000,3000) [x] wm=MAX@2999",
                "a [0,5000) [x, y] wm=MAX@4999",
                "a [2000,7000) [y] wm=MAX@6999",
                "a [4000,9000) [y] wm=MAX@8999",
                "WM MAX"), harness.events());
    }

    @Test
    void lateRecordRefiresOnlyTheSlidingWindowsThatAreWithinLateness() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(3000, 1000)).allowedLateness(500));
        harness.processElement("a:x", 2500);
        harness.processWatermark(3500);
        harness.clearOutput();
        // [0,3000) was cleaned at 3499; [1000,4000) is open; [2000,5000) is open.
        harness.processElement("a:y", 2600);
        assertEquals(List.of(), harness.events());
        harness.processWatermark(4000);
        harness.clearOutput();
        // Now [1000,4000) has fired (3999) and is within lateness (cleanup 4499): z re-fires it at once.
        harness.processElement("a:z", 2700);
        assertEquals(List.of("a [1000,4000) [x, y, z] wm=4000@3999"), harness.events());
    }
}
