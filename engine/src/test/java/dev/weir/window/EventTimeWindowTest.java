package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "Triggers" (EventTimeTrigger) and "Two timers per event-time window", with
 * §2 "an operator first fires all timers <= W, then forwards W" and §3 "a timer is stored
 * once": a window fires when the watermark reaches its maxTimestamp, its result carries that
 * timestamp and precedes the watermark, and its state lives until cleanup.
 */
class EventTimeWindowTest {
    private static OperatorHarness<String, String> tumbling(final long allowedLateness) {
        return describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).allowedLateness(allowedLateness));
    }

    @Test
    void windowFiresWhenWatermarkReachesEndMinusOneAndNotBefore() {
        final OperatorHarness<String, String> harness = tumbling(0);
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 600);
        harness.processWatermark(998);
        assertEquals(List.of("WM 998"), harness.events());

        harness.processWatermark(999);
        assertEquals(List.of("WM 998", "a [0,1000) [1, 2] wm=999@999", "WM 999"), harness.events());
    }

    @Test
    void resultsAreEmittedBeforeTheWatermarkThatTriggersThem() {
        final OperatorHarness<String, String> harness = tumbling(0);
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 1100);
        harness.processElement("a:3", 2100);
        harness.processWatermark(2500);
        assertEquals(List.of("a [0,1000) [1] wm=2500@999", "a [1000,2000) [2] wm=2500@1999", "WM 2500"), harness.events());
    }

    @Test
    void firedResultTimestampIsWindowMaxTimestampNotTheWatermark() {
        final OperatorHarness<String, String> harness = tumbling(0);
        harness.processElement("a:1", 3);
        harness.processWatermark(5000);
        assertEquals(List.of("a [0,1000) [1] wm=5000@999", "WM 5000"), harness.events());
    }

    @Test
    void fireAndCleanupTimersAreOneDeduplicatedTimerWithoutLateness() {
        final OperatorHarness<String, String> harness = tumbling(0);
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        assertEquals(1, operatorOf(harness).pendingTimers());

        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [1, 2] wm=999@999", "WM 999"), harness.events());
        assertEquals(0, operatorOf(harness).pendingTimers());
        assertEquals(0, operatorOf(harness).stateEntries());
    }

    @Test
    void fireAndCleanupAreTwoTimersWithAllowedLateness() {
        final OperatorHarness<String, String> harness = tumbling(500);
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        assertEquals(2, operatorOf(harness).pendingTimers());
    }

    @Test
    void windowStateStaysAfterFireUntilCleanup() {
        final OperatorHarness<String, String> harness = tumbling(500);
        harness.processElement("a:1", 100);
        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [1] wm=999@999", "WM 999"), harness.events());
        // FIRE does not purge: the contents are still there, the cleanup timer still pending.
        assertEquals(1, operatorOf(harness).stateEntries());
        assertEquals(1, operatorOf(harness).pendingTimers());

        harness.processWatermark(1498);
        assertEquals(1, operatorOf(harness).stateEntries());

        harness.clearOutput();
        harness.processWatermark(1499);
        // The cleanup timer does not fire the window again; it only removes its state.
        assertEquals(List.of("WM 1499"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void recordWhoseWindowMaxTimestampIsAtOrBelowWatermarkIsLateWithoutLateness() {
        final OperatorHarness<String, String> harness = tumbling(0);
        harness.processWatermark(999);
        harness.clearOutput();

        harness.processElement("a:late1", 999);
        harness.processElement("a:late2", 500);
        assertEquals(List.of(), harness.events());
        assertEquals(2, operatorOf(harness).lateRecordsDropped());
        assertEquals(0, operatorOf(harness).stateEntries());

        harness.processElement("a:onTime", 1000);
        harness.processWatermark(1999);
        assertEquals(List.of("a [1000,2000) [onTime] wm=1999@1999", "WM 1999"), harness.events());
        assertEquals(2, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void windowStateKeepsElementsInArrivalOrder() {
        final OperatorHarness<String, String> harness = tumbling(0);
        harness.processElement("a:3", 300);
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [3, 1, 2] wm=999@999", "WM 999"), harness.events());
    }

    @Test
    void watermarkWithoutPendingWindowsIsForwardedAlone() {
        final OperatorHarness<String, String> harness = tumbling(0);
        harness.processElement("a:1", 1500);
        harness.processWatermark(999);
        assertEquals(List.of("WM 999"), harness.events());
    }
}
