package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.harness;
import static dev.weir.window.WindowFixtures.keyOf;
import static dev.weir.window.WindowFixtures.payloadOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "with an evictor -> all elements with timestamps" (Flink's
 * EvictingWindowOperator): CountEvictor keeps the last n, TimeEvictor keeps the elements
 * within its size of the newest timestamp; evicting before the function changes what it
 * sees, evicting after changes only the next firing; evicted elements leave the window state.
 */
class EvictorTest {
    private static WindowOperatorBuilder<String, String, TimeWindow> tumbling() {
        return WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000));
    }

    @Test
    void countEvictorKeepsTheLastNElementsBeforeTheFunction() {
        final OperatorHarness<String, String> harness = describing(tumbling().evictor(CountEvictor.of(2)));
        harness.processElement("a:1", 300);
        harness.processElement("a:2", 100);
        harness.processElement("a:3", 200);
        harness.processWatermark(999);
        // The last two by arrival, not by timestamp.
        assertEquals(List.of("a [0,1000) [2, 3] wm=999@999", "WM 999"), harness.events());
    }

    @Test
    void countEvictorAfterTheFunctionAffectsOnlyTheNextFiring() {
        final OperatorHarness<String, String> harness = describing(tumbling().allowedLateness(1000).evictor(CountEvictor.of(2, true)));
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processElement("a:3", 300);
        harness.processWatermark(999);
        harness.processElement("a:4", 400);
        harness.processElement("a:5", 500);
        assertEquals(List.of(
                "a [0,1000) [1, 2, 3] wm=999@999",
                "WM 999",
                "a [0,1000) [2, 3, 4] wm=999@999",
                "a [0,1000) [3, 4, 5] wm=999@999"), harness.events());
    }

    @Test
    void timeEvictorKeepsElementsWithinSizeOfTheMaxTimestamp() {
        final OperatorHarness<String, String> harness = describing(tumbling().evictor(TimeEvictor.of(401)));
        harness.processElement("a:a", 100);
        harness.processElement("a:b", 500);
        harness.processElement("a:c", 900);
        harness.processElement("a:d", 300);
        harness.processWatermark(999);
        // Max 900, cutoff 499: b (500) and c (900) stay, in arrival order.
        assertEquals(List.of("a [0,1000) [b, c] wm=999@999", "WM 999"), harness.events());
    }

    @Test
    void timeEvictorEvictsElementsExactlySizeBeforeTheMaxTimestamp() {
        final OperatorHarness<String, String> harness = describing(tumbling().evictor(TimeEvictor.of(400)));
        harness.processElement("a:a", 100);
        harness.processElement("a:b", 500);
        harness.processElement("a:c", 900);
        harness.processWatermark(999);
        // Cutoff 500: timestamps <= 500 go.
        assertEquals(List.of("a [0,1000) [c] wm=999@999", "WM 999"), harness.events());
    }

    @Test
    void timeEvictorAfterTheFunctionAffectsOnlyTheNextFiring() {
        final OperatorHarness<String, String> harness = describing(tumbling().allowedLateness(1000).evictor(TimeEvictor.of(400, true)));
        harness.processElement("a:a", 100);
        harness.processElement("a:b", 900);
        harness.processWatermark(999);
        harness.processElement("a:c", 950);
        assertEquals(List.of("a [0,1000) [a, b] wm=999@999", "WM 999", "a [0,1000) [b, c] wm=999@999"), harness.events());
    }

    @Test
    void evictedElementsAreRemovedFromWindowState() {
        final OperatorHarness<String, String> harness = describing(tumbling().allowedLateness(1000).evictor(new DropOldestEvictor()));
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processElement("a:3", 300);
        harness.processWatermark(999);
        // If 1 had stayed in state, the evictor would drop it again and the function see [2, 3, 4].
        harness.processElement("a:4", 400);
        assertEquals(List.of("a [0,1000) [2, 3] wm=999@999", "WM 999", "a [0,1000) [3, 4] wm=999@999"), harness.events());
    }

    @Test
    void evictingReduceReducesOnlyTheElementsLeftAfterEviction() {
        final OperatorHarness<String, String> harness = harness(tumbling().evictor(CountEvictor.of(2))
                .reduce((x, y) -> keyOf(x) + ":" + (Long.parseLong(payloadOf(x)) + Long.parseLong(payloadOf(y)))));
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processElement("a:3", 300);
        harness.processWatermark(999);
        assertEquals(List.of("a:5@999", "WM 999"), harness.events());
    }

    /** Evicts the oldest arrival before each firing. */
    private static final class DropOldestEvictor implements Evictor<String, TimeWindow> {
        @Override
        public void evictBefore(final List<TimestampedValue<String>> elements, final TimeWindow window, final long currentWatermark) {
            if (!elements.isEmpty()) {
                elements.remove(0);
            }
        }

        @Override
        public void evictAfter(final List<TimestampedValue<String>> elements, final TimeWindow window, final long currentWatermark) {
        }
    }
}
