package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.state.BroadcastState;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Broadcast state" with a keyed side: keyed records count per key and read
 * the broadcast labels, and their timers fire on the combined watermark with the key current; the
 * broadcast side writes the labels and visits every key's count of the instance with
 * {@code applyToKeyedState}. Keyed records are {@code key:value}; broadcast records are
 * {@code label:key=text}, {@code report} or {@code reset:key}.
 */
final class CoBroadcastWithKeyedOperatorTest {
    static final MapStateDescriptor<String, String> LABELS = new MapStateDescriptor<>("labels", String.class, String.class);
    static final ValueStateDescriptor<Long> COUNT = new ValueStateDescriptor<>("count");
    static final KeySelector<String, String> KEY = value -> value.substring(0, value.indexOf(':'));

    /** Counts per key, labels from the broadcast side, a timer 100 ms after each record. */
    static final class LabelledCounts implements KeyedBroadcastProcessFunction<String, String, String, String> {
        @Override
        public void processElement(final String value, final ReadOnlyContext<String> ctx, final Collector<String> out) {
            final ValueState<Long> count = ctx.state(COUNT);
            count.update(count.value() == null ? 1 : count.value() + 1);
            out.collect(ctx.getCurrentKey() + " #" + count.value() + " " + ctx.getBroadcastState(LABELS).get(ctx.getCurrentKey()));
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 100);
        }

        @Override
        public void processBroadcastElement(final String value, final Context<String> ctx, final Collector<String> out) {
            if (value.startsWith("label:")) {
                final String assignment = value.substring("label:".length());
                ctx.getBroadcastState(LABELS).put(assignment.substring(0, assignment.indexOf('=')),
                        assignment.substring(assignment.indexOf('=') + 1));
            } else if (value.equals("report")) {
                final List<String> counts = new ArrayList<>();
                ctx.applyToKeyedState(COUNT, (key, count) -> counts.add(key + "=" + count.value()));
                Collections.sort(counts);
                out.collect("report " + counts);
            } else if (value.startsWith("reset:")) {
                final String reset = value.substring("reset:".length());
                ctx.applyToKeyedState(COUNT, (key, count) -> {
                    if (key.equals(reset)) {
                        count.clear();
                    }
                });
            }
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
            out.collect(ctx.getCurrentKey() + " " + ctx.timeDomain() + " " + timestamp + " count " + ctx.state(COUNT).value() + " label "
                    + ctx.getBroadcastState(LABELS).get(ctx.getCurrentKey()));
        }

        @Override
        public String toString() {
            return "LabelledCounts";
        }
    }

    static CoBroadcastWithKeyedOperator<String, String, String, String> operator() {
        return new CoBroadcastWithKeyedOperator<>(KEY, new LabelledCounts(), List.of(LABELS));
    }

    @Test
    void keyedRecordsReadTheLabelsAndTheirTimersFireOnTheCombinedWatermark() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(operator());
        harness.processElement2("label:a=alpha", 10);
        harness.processElement1("a:1", 100);
        harness.processElement1("b:1", 150);
        harness.processElement1("a:2", 100); // the same timer (200, a)
        harness.processWatermark1(1000); // the broadcast side holds the operator at MIN
        harness.processElement2("label:b=beta", 20);
        harness.processWatermark2(199);
        harness.processWatermark2(300);
        assertEquals(List.of("a #1 alpha@100", "b #1 null@150", "a #2 alpha@100", "WM 199",
                "a EVENT_TIME 200 count 2 label alpha@200", "b EVENT_TIME 250 count 1 label beta@250", "WM 300"), harness.events());
    }

    @Test
    void applyToKeyedStateVisitsEveryKeysStateAndMayClearIt() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(operator());
        for (final String record : new String[] {"a:1", "b:1", "c:1", "b:2", "c:2", "c:3"}) {
            harness.processElement1(record, 100);
        }
        harness.clearOutput();
        harness.processElement2("report", 500);
        harness.processElement2("reset:b", 600);
        harness.processElement2("report", 700);
        harness.processElement1("b:3", 800);
        assertEquals(List.of("report [a=1, b=2, c=3]@500", "report [a=1, c=3]@700", "b #1 null@800"), harness.events());
    }

    @Test
    void theKeyedSideCannotWriteTheBroadcastStateEvenThroughACast() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(new CoBroadcastWithKeyedOperator<>(KEY,
                new KeyedBroadcastProcessFunction<String, String, String, String>() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public void processElement(final String value, final ReadOnlyContext<String> ctx, final Collector<String> out) {
                        ((BroadcastState<String, String>) ctx.getBroadcastState(LABELS)).remove("a");
                    }

                    @Override
                    public void processBroadcastElement(final String value, final Context<String> ctx, final Collector<String> out) {
                    }
                }, List.of(LABELS)));
        final UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> harness.processElement1("a:1", 1));
        assertEquals("broadcast state 'labels' is read-only on the non-broadcast side: remove() is refused; only processBroadcastElement "
                + "may write it (use immutableEntries() to read all entries)", refused.getMessage());
    }

    @Test
    void theFingerprintNamesTheOperatorItsBroadcastStatesAndTheFunctionBeforeItIsOpened() {
        assertEquals(Map.of("operator", "keyed broadcast process", "broadcast states", "[labels]", "function", "LabelledCounts"),
                operator().fingerprint());
    }

    @Test
    void processingTimeTimersOfTheKeyedSideFireWithTheirKeyAndNoTimestamp() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(new CoBroadcastWithKeyedOperator<>(KEY,
                new KeyedBroadcastProcessFunction<String, String, String, String>() {
                    @Override
                    public void processElement(final String value, final ReadOnlyContext<String> ctx, final Collector<String> out) {
                        ctx.timerService().registerProcessingTimeTimer(ctx.currentProcessingTime() + 50);
                    }

                    @Override
                    public void processBroadcastElement(final String value, final Context<String> ctx, final Collector<String> out) {
                        out.collect("broadcast " + value + " now " + ctx.currentProcessingTime());
                    }

                    @Override
                    public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
                        out.collect(ctx.getCurrentKey() + " " + ctx.timeDomain() + " " + timestamp);
                    }
                }, List.of(LABELS)));
        harness.setProcessingTime(1000);
        harness.processElement1("a:1", 5);
        harness.processElement1("b:1", 6);
        harness.processElement2("x", 7);
        harness.setProcessingTime(1050);
        assertEquals(List.of("broadcast x now 1000@7", "a PROCESSING_TIME 1050@MIN", "b PROCESSING_TIME 1050@MIN"), harness.events());
    }
}
