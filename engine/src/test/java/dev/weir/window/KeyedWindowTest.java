package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.assertEventsUnorderedThen;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §3 "A timer is the triple (timestamp, key, namespace)" and "Firing sets the
 * current key": each key has its own windows, state and timers, and each result is computed
 * from, and carries, its own key.
 */
class KeyedWindowTest {
    @Test
    void twoKeysHaveIndependentWindowsAndTimers() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)));
        harness.processElement("a:a1", 100);
        harness.processElement("b:b1", 200);
        harness.processElement("a:a2", 1100);
        // Same window, same timestamp, different keys: two timers.
        assertEquals(3, operatorOf(harness).pendingTimers());

        harness.processWatermark(999);
        assertEventsUnorderedThen(
                List.of("a [0,1000) [a1] wm=999@999", "b [0,1000) [b1] wm=999@999"), List.of("WM 999"), harness.events());
        harness.clearOutput();
        harness.processWatermark(1999);
        assertEquals(List.of("a [1000,2000) [a2] wm=1999@1999", "WM 1999"), harness.events());
    }

    @Test
    void firingSetsTheCurrentKeySoEachResultCarriesItsOwnKeyAndState() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).allowedLateness(1000));
        harness.processElement("a:a1", 100);
        harness.processElement("b:b1", 100);
        harness.processElement("a:a2", 200);
        harness.processWatermark(999);
        assertEventsUnorderedThen(
                List.of("a [0,1000) [a1, a2] wm=999@999", "b [0,1000) [b1] wm=999@999"), List.of("WM 999"), harness.events());
        harness.clearOutput();

        // A late record re-fires only its own key's window.
        harness.processElement("b:b2", 300);
        assertEquals(List.of("b [0,1000) [b1, b2] wm=999@999"), harness.events());
    }

    @Test
    void sessionsOfDifferentKeysDoNotMerge() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)));
        harness.processElement("a:1000", 1000);
        harness.processElement("b:2000", 2000);
        harness.processElement("a:3000", 3000);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("b [2000,5000) [2000] wm=MAX@4999", "a [1000,6000) [1000, 3000] wm=MAX@5999", "WM MAX"), harness.events());
    }

    @Test
    void cleanupOfOneKeysWindowLeavesTheOtherKeysSameWindowAlone() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).allowedLateness(500));
        harness.processElement("a:a1", 100);
        harness.processWatermark(999);
        harness.processElement("b:b1", 100);
        // a's [0,1000) is cleaned up at 1499; b's [0,1000) registered its own cleanup timer.
        harness.processWatermark(1499);
        harness.clearOutput();
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void lateFirstElementOfOneKeyFiresOnlyThatKeysWindow() {
        final OperatorHarness<String, String> other = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).allowedLateness(500));
        other.processElement("a:a1", 100);
        other.processWatermark(999);
        other.processElement("b:b1", 100);
        other.processWatermark(1200);
        // b's late first element fired b's window at once; a late a2 still re-fires a's, with a's contents only.
        other.processElement("a:a2", 200);
        assertEquals(List.of(
                "a [0,1000) [a1] wm=999@999",
                "WM 999",
                "b [0,1000) [b1] wm=999@999",
                "WM 1200",
                "a [0,1000) [a1, a2] wm=1200@999"), other.events());
    }
}
