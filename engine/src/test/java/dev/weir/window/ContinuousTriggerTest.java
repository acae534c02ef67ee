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
 * docs/semantics.md §4: {@link ContinuousEventTimeTrigger} on the global window fires as in
 * Flink before end of input, and once at end of input; a watermark that would cause more than
 * {@link ContinuousEventTimeTrigger#MAX_FIRINGS_PER_WATERMARK} periodic firings fires once.
 */
class ContinuousTriggerTest {
    private static OperatorHarness<String, String> globalEvery(final long intervalMillis) {
        return describing(WindowOperatorBuilder.of(BY_KEY, GlobalWindows.<String>create())
                .trigger(ContinuousEventTimeTrigger.of(intervalMillis)));
    }

    /** Flink's WindowOperatorTest#testContinuousWatermarkTrigger, with the elements listed instead of summed. */
    @Test
    void onTheGlobalWindowItFiresEveryIntervalExactlyAsFlinkDoes() {
        final OperatorHarness<String, String> harness = globalEvery(3000);
        harness.processElement("key1:0", 0);
        harness.processElement("key2:3000", 3000);
        harness.processElement("key2:3999", 3999);
        harness.processElement("key1:20", 20);
        harness.processElement("key1:999", 999);
        harness.processElement("key2:1998", 1998);
        harness.processElement("key2:1999", 1999);
        harness.processElement("key2:1000", 1000);

        // key1's first fire time is 0 - 0 % 3000 + 3000; key2's is 3000 - 3000 % 3000 + 3000
        harness.processWatermark(1000);
        harness.processWatermark(2000);
        assertEquals(List.of("WM 1000", "WM 2000"), harness.events());
        harness.clearOutput();

        harness.processWatermark(3000);
        assertEquals(List.of("key1 global [0, 20, 999] wm=3000@MAX", "WM 3000"), harness.events());
        harness.clearOutput();

        harness.processWatermark(4000);
        harness.processWatermark(5000);
        assertEquals(List.of("WM 4000", "WM 5000"), harness.events());
        harness.clearOutput();

        harness.processWatermark(6000);
        assertEventsUnorderedThen(
                List.of("key1 global [0, 20, 999] wm=6000@MAX", "key2 global [3000, 3999, 1998, 1999, 1000] wm=6000@MAX"),
                List.of("WM 6000"), harness.events());
        harness.clearOutput();

        harness.processWatermark(7000);
        harness.processWatermark(8000);
        assertEquals(List.of("WM 7000", "WM 8000"), harness.events());
    }

    @Test
    void atEndOfInputTheGlobalWindowFiresOnceAndNoTimerIsLeft() {
        final OperatorHarness<String, String> harness = globalEvery(3000);
        harness.processElement("key1:0", 0);
        harness.processElement("key2:3000", 3000);
        harness.processElement("key1:20", 20);
        harness.processWatermark(3000);
        harness.clearOutput();

        harness.processWatermark(Long.MAX_VALUE);
        assertEventsUnorderedThen(
                List.of("key1 global [0, 20] wm=MAX@MAX", "key2 global [3000] wm=MAX@MAX"),
                List.of("WM MAX"), harness.events());
        // no timer is left to fire again; the contents stay, as in Flink: the global window has no cleanup time
        assertEquals(0, operatorOf(harness).pendingTimers());
        assertEquals(2, operatorOf(harness).stateEntries());
    }

    @Test
    void aRecordAtEndOfInputOrNearTheEndOfTimeFiresTheGlobalWindowWithoutWrapping() {
        final OperatorHarness<String, String> harness = globalEvery(1000);
        // the first fire time, Long.MAX_VALUE - 807 + 1000, saturates at the window's end
        harness.processElement("a:late", Long.MAX_VALUE - 1);
        harness.processWatermark(Long.MAX_VALUE - 2);
        assertEquals(List.of("WM 9223372036854775805"), harness.events());
        harness.clearOutput();
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a global [late] wm=MAX@MAX", "WM MAX"), harness.events());
        // after end of input a record fires the window on its own, as Flink's trigger does
        harness.clearOutput();
        harness.processElement("b:after", Long.MAX_VALUE);
        assertEquals(List.of("b global [after] wm=MAX@MAX"), harness.events());
    }

    @Test
    void aWatermarkPassingMoreThanTheBoundOfFiringsFiresOnceAndResumesAfterIt() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1_000_000_000_000L))
                        .trigger(ContinuousEventTimeTrigger.of(1)));
        harness.processElement("a:x", 0);
        // 99,999 firings due at one watermark: within the bound, each fires
        harness.processWatermark(99_999);
        assertEquals(99_999 + 1, harness.events().size());
        assertEquals("a [0,1000000000000) [x] wm=99999@999999999999", harness.events().get(99_998));
        harness.clearOutput();
        // 10^9 firings due: once, and the next one is the first interval after the watermark
        harness.processWatermark(1_000_099_999);
        assertEquals(List.of("a [0,1000000000000) [x] wm=1000099999@999999999999", "WM 1000099999"), harness.events());
        harness.clearOutput();
        harness.processWatermark(1_000_100_000);
        assertEquals(List.of("a [0,1000000000000) [x] wm=1000100000@999999999999", "WM 1000100000"), harness.events());
        harness.clearOutput();
        // end of input: the window's end timer fires it once
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [0,1000000000000) [x] wm=MAX@999999999999", "WM MAX"), harness.events());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void aSessionEndingAtTheEndOfTimeFiresOnceAtEndOfInput() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(Long.MAX_VALUE))
                        .trigger(ContinuousEventTimeTrigger.of(10)));
        harness.processElement("a:5", 5);
        harness.processElement("a:25", 25);
        harness.processWatermark(30);
        // fire times 10, 20 and 30, each passed by the watermark
        assertEquals(List.of("a [5,9223372036854775807) [5, 25] wm=30@9223372036854775806",
                "a [5,9223372036854775807) [5, 25] wm=30@9223372036854775806",
                "a [5,9223372036854775807) [5, 25] wm=30@9223372036854775806", "WM 30"), harness.events());
        harness.clearOutput();
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [5,9223372036854775807) [5, 25] wm=MAX@9223372036854775806", "WM MAX"), harness.events());
    }
}
