package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describe;
import static dev.weir.window.WindowFixtures.harness;
import static dev.weir.window.WindowFixtures.keyOf;
import static dev.weir.window.WindowFixtures.operatorOf;
import static dev.weir.window.WindowFixtures.payloadOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.operator.Collector;
import dev.weir.operator.OutputTag;
import dev.weir.state.AggregateFunction;
import dev.weir.state.ReduceFunction;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.OperatorHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "Window state per (key, window)": reduce keeps one value, aggregate one
 * accumulator, process all elements in arrival order; aggregate/reduce + process sees the one
 * pre-aggregated value with the window's context. The function's clear() runs at cleanup,
 * its window state is per window (and, as in Flink, not available with merging windows),
 * and it can emit to side outputs.
 */
class WindowFunctionTest {
    /** Sums the payloads of a key: {@code "a:1" + "a:2" = "a:3"}. */
    private static final ReduceFunction<String> SUM = (x, y) -> keyOf(x) + ":" + (Long.parseLong(payloadOf(x)) + Long.parseLong(payloadOf(y)));

    private static WindowOperatorBuilder<String, String, TimeWindow> tumbling() {
        return WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000));
    }

    private static void push123(final OperatorHarness<String, ?> harness) {
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processElement("a:3", 300);
    }

    @Test
    void reduceEmitsTheReducedValueAtWindowMaxTimestamp() {
        final OperatorHarness<String, String> harness = harness(tumbling().reduce(SUM));
        push123(harness);
        harness.processWatermark(999);
        assertEquals(List.of("a:6@999", "WM 999"), harness.events());
    }

    @Test
    void reduceKeepsOneValuePerWindowAndRefiresItForLateRecords() {
        final OperatorHarness<String, String> harness = harness(tumbling().allowedLateness(1000).reduce(SUM));
        push123(harness);
        // One value per (key, window), not three elements.
        assertEquals(1, operatorOf(harness).stateEntries());
        harness.processWatermark(999);
        harness.processElement("a:10", 400);
        assertEquals(List.of("a:6@999", "WM 999", "a:16@999"), harness.events());
    }

    @Test
    void aggregateEmitsTheAccumulatorsResult() {
        final OperatorHarness<String, String> harness = harness(tumbling().aggregate(new Average()));
        push123(harness);
        harness.processElement("a:10", 400);
        harness.processWatermark(999);
        assertEquals(List.of("sum=16 count=4@999", "WM 999"), harness.events());
    }

    @Test
    void processSeesAllElementsInArrivalOrder() {
        final OperatorHarness<String, String> harness = harness(tumbling().process(describe()));
        harness.processElement("a:3", 300);
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [3, 1, 2] wm=999@999", "WM 999"), harness.events());
    }

    @Test
    void aggregateWithProcessSeesTheSinglePreAggregatedValueAndTheWindowContext() {
        final OperatorHarness<String, String> harness = harness(tumbling().aggregate(new Average(), describe()));
        push123(harness);
        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [sum=6 count=3] wm=999@999", "WM 999"), harness.events());
    }

    @Test
    void reduceWithProcessSeesTheSingleReducedValueAndTheWindowContext() {
        final OperatorHarness<String, String> harness = harness(tumbling().reduce(SUM, describe()));
        push123(harness);
        harness.processWatermark(1500);
        assertEquals(List.of("a [0,1000) [6] wm=1500@999", "WM 1500"), harness.events());
    }

    @Test
    void aggregateOnSessionWindowsMergesAccumulators() {
        final OperatorHarness<String, String> harness = harness(
                WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)).aggregate(new Average(), describe()));
        harness.processElement("a:1", 1000);
        harness.processElement("a:2", 7000);
        harness.processElement("a:3", 4000);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [1000,10000) [sum=6 count=3] wm=MAX@9999", "WM MAX"), harness.events());
    }

    @Test
    void reduceOnSessionWindowsMergesReducedValues() {
        final OperatorHarness<String, String> harness = harness(
                WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)).reduce(SUM));
        harness.processElement("a:1", 1000);
        harness.processElement("a:2", 7000);
        harness.processElement("a:3", 4000);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a:6@9999", "WM MAX"), harness.events());
    }

    @Test
    void processWindowFunctionClearIsCalledAtCleanupNotAtFire() {
        final CountingFunction function = new CountingFunction();
        final OperatorHarness<String, String> harness = harness(tumbling().allowedLateness(500).process(function));
        harness.processElement("a:1", 100);
        harness.processWatermark(999);
        assertEquals(List.of(), function.cleared);
        // Window contents, the window's firing count and the key's firing count.
        assertEquals(3, operatorOf(harness).stateEntries());

        harness.processWatermark(1499);
        assertEquals(List.of(new TimeWindow(0, 1000)), function.cleared);
        // clear() removed the function's per-window state along with the window contents;
        // the key's global state outlives the window.
        assertEquals(1, operatorOf(harness).stateEntries());
    }

    @Test
    void windowStateIsSeparatePerWindowAndGlobalStateIsSharedByTheKeysWindows() {
        final OperatorHarness<String, String> harness = harness(tumbling().allowedLateness(1000).process(new CountingFunction()));
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 1100);
        harness.processWatermark(999);
        harness.processWatermark(1999);
        harness.processElement("a:3", 1200);
        assertEquals(List.of(
                "a [0,1000) window-firing 1 key-firing 1@999",
                "WM 999",
                "a [1000,2000) window-firing 1 key-firing 2@1999",
                "WM 1999",
                "a [1000,2000) window-firing 2 key-firing 3@1999"), harness.events());
    }

    @Test
    void windowStateOfOneKeyIsNotSeenByAnother() {
        final OperatorHarness<String, String> harness = harness(tumbling().process(new CountingFunction()));
        harness.processElement("a:1", 100);
        harness.processElement("b:1", 1100);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [0,1000) window-firing 1 key-firing 1@999", "b [1000,2000) window-firing 1 key-firing 1@1999", "WM MAX"),
                harness.events());
    }

    @Test
    void processWindowFunctionEmitsToSideOutputAtWindowMaxTimestamp() {
        final OutputTag<String> audit = new OutputTag<>("audit");
        final ProcessWindowFunction<String, String, String, TimeWindow> function = (key, context, elements, out) -> {
            final List<String> payloads = WindowFixtures.payloads(elements);
            out.collect(key + " " + payloads);
            context.output(audit, key + " fired " + context.window() + " with " + payloads.size());
        };
        final OperatorHarness<String, String> harness = harness(tumbling().process(function));
        harness.processElement("a:1", 100);
        harness.processElement("a:2", 200);
        harness.processWatermark(5000);
        assertEquals(List.of("a [1, 2]@999", "SIDE audit a fired [0,1000) with 2@999", "WM 5000"), harness.events());
        assertEquals(List.of("a fired [0,1000) with 2"), harness.sideRecords());
    }

    @Test
    void perWindowStateIsNotAllowedWithMergingWindows() {
        // Flink's MergingWindowStateStore: a merged session would orphan the state of the windows it absorbed.
        final OperatorHarness<String, String> harness = harness(
                WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)).process(new CountingFunction()));
        harness.processElement("a:1", 1000);
        final UnsupportedOperationException error = assertThrows(UnsupportedOperationException.class,
                () -> harness.processWatermark(Long.MAX_VALUE));
        assertTrue(error.getMessage().toLowerCase(Locale.ROOT).contains("per-window state is not allowed"), error.getMessage());
        assertTrue(error.getMessage().contains("merging windows"), error.getMessage());
    }

    @Test
    void globalStateIsAllowedWithMergingWindows() {
        final ValueStateDescriptor<Long> sessions = new ValueStateDescriptor<>("sessions");
        final ProcessWindowFunction<String, String, String, TimeWindow> function = (key, context, elements, out) -> {
            final ValueState<Long> count = context.globalState(sessions);
            final long next = count.value() == null ? 1 : count.value() + 1;
            count.update(next);
            out.collect(key + " session " + next + " " + context.window());
        };
        final OperatorHarness<String, String> harness = harness(
                WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)).process(function));
        harness.processElement("a:1", 1000);
        harness.processElement("a:2", 9000);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a session 1 [1000,4000)@3999", "a session 2 [9000,12000)@11999", "WM MAX"), harness.events());
    }

    /** Sum and count of the payloads; the result reads {@code "sum=S count=C"}. */
    private static final class Average implements AggregateFunction<String, long[], String> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(final String value, final long[] accumulator) {
            accumulator[0] += Long.parseLong(payloadOf(value));
            accumulator[1]++;
            return accumulator;
        }

        @Override
        public String getResult(final long[] accumulator) {
            return "sum=" + accumulator[0] + " count=" + accumulator[1];
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    /** Counts firings per window (window state) and per key (global state); clears its window state. */
    private static final class CountingFunction implements ProcessWindowFunction<String, String, String, TimeWindow> {
        private final ValueStateDescriptor<Long> windowFirings = new ValueStateDescriptor<>("window-firings");
        private final ValueStateDescriptor<Long> keyFirings = new ValueStateDescriptor<>("key-firings");
        private final List<TimeWindow> cleared = new ArrayList<>();

        @Override
        public void process(final String key, final Context<TimeWindow> context, final Iterable<String> elements, final Collector<String> out) {
            final long window = increment(context.windowState(windowFirings));
            final long global = increment(context.globalState(keyFirings));
            out.collect(key + " " + context.window() + " window-firing " + window + " key-firing " + global);
        }

        private static long increment(final ValueState<Long> state) {
            final long next = state.value() == null ? 1 : state.value() + 1;
            state.update(next);
            return next;
        }

        @Override
        public void clear(final Context<TimeWindow> context) {
            cleared.add(context.window());
            context.windowState(windowFirings).clear();
        }
    }
}
