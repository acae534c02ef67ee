package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.state.KeyGroups;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Keyed co-process": each record of either input sets its key; keyed state
 * and timers are shared by both callbacks; a timer registered by both for the same time and key
 * is stored once and fires once; event-time timers fire on the combined watermark, before it is
 * forwarded, with their key current. Records are {@code key:value} strings.
 */
final class KeyedCoProcessOperatorTest {
    static final KeySelector<String, String> KEY = value -> value.substring(0, value.indexOf(':'));
    static final ValueStateDescriptor<Long> SUM = new ValueStateDescriptor<>("sum");
    private static final ListStateDescriptor<String> SEEN = new ListStateDescriptor<>("seen");
    private static final OutputTag<String> LOG = new OutputTag<>("log");

    /**
     * Input 1 adds its number to the key's sum, input 2 appends its text to the key's list; both
     * register an event-time timer at the record's timestamp rounded up to the next 1000, and a
     * processing-time timer at 5000. A timer emits the key's sum and list, then clears them.
     */
    static final class SumAndSeen implements KeyedCoProcessFunction<String, String, String, String> {
        @Override
        public void processElement1(final String value, final Context<String> ctx, final Collector<String> out) {
            final ValueState<Long> sum = ctx.state(SUM);
            final Long before = sum.value();
            sum.update((before == null ? 0 : before) + Long.parseLong(value.substring(value.indexOf(':') + 1)));
            ctx.timerService().registerEventTimeTimer(roundUp(ctx.timestamp()));
        }

        @Override
        public void processElement2(final String value, final Context<String> ctx, final Collector<String> out) {
            final ListState<String> seen = ctx.state(SEEN);
            seen.add(value.substring(value.indexOf(':') + 1));
            ctx.timerService().registerEventTimeTimer(roundUp(ctx.timestamp()));
            out.collect(ctx.getCurrentKey() + " sum so far " + ctx.state(SUM).value());
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
            final ValueState<Long> sum = ctx.state(SUM);
            final ListState<String> seen = ctx.state(SEEN);
            out.collect(ctx.getCurrentKey() + " " + ctx.timeDomain() + " at " + timestamp + ": sum " + sum.value() + " seen " + seen.get());
            ctx.output(LOG, "fired " + ctx.getCurrentKey() + " " + ctx.timestamp());
            sum.clear();
            seen.clear();
        }

        static long roundUp(final long timestamp) {
            return (timestamp / 1000 + 1) * 1000 - 1;
        }

        @Override
        public String toString() {
            return "SumAndSeen";
        }
    }

    private static TwoInputOperatorHarness<String, String, String> harness() {
        return new TwoInputOperatorHarness<>(new KeyedCoProcessOperator<>(KEY, KEY, new SumAndSeen()));
    }

    @Test
    void bothCallbacksShareTheKeysStateAndATimerOfBothFiresOnceOnTheCombinedWatermark() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        final KeyedCoProcessOperator<?, ?, ?, ?> operator = (KeyedCoProcessOperator<?, ?, ?, ?>) harness.operator();
        harness.processElement1("a:5", 100);
        harness.processElement2("a:x", 200); // the same timer (999, a): stored once
        harness.processElement1("a:7", 900); // again
        harness.processElement2("b:y", 300); // (999, b) is another timer
        harness.processElement1("a:1", 1500); // (1999, a); the sum is the key's, whichever timer reads it
        assertEquals(3, operator.pendingTimers());
        harness.processWatermark1(5000); // input 2 is at MIN: nothing fires
        assertEquals(List.of("a sum so far 5@200", "b sum so far null@300"), harness.events());
        harness.clearOutput();
        harness.processWatermark2(999);
        assertEquals(List.of(
                "a EVENT_TIME at 999: sum 13 seen [x]@999", "SIDE log fired a 999@999",
                "b EVENT_TIME at 999: sum null seen [y]@999", "SIDE log fired b 999@999",
                "WM 999"), harness.events());
        harness.clearOutput();
        harness.processWatermark2(2000);
        assertEquals(List.of("a EVENT_TIME at 1999: sum null seen null@1999", "SIDE log fired a 1999@1999", "WM 2000"), harness.events());
        assertEquals(0, operator.pendingTimers());
        assertEquals(0, operator.stateEntries());
        assertEquals(2000, operator.currentWatermark());
    }

    @Test
    void aTimerRegisteredAtOrBelowTheWatermarkFiresOnTheNextOne() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processWatermark1(3000);
        harness.processWatermark2(3000);
        harness.processElement1("a:2", 1200); // timer 1999, below the watermark
        assertEquals(List.of("WM 3000"), harness.events());
        harness.processWatermark1(3001);
        harness.processWatermark2(3001);
        assertEquals(List.of("WM 3000", "a EVENT_TIME at 1999: sum 2 seen null@1999", "SIDE log fired a 1999@1999", "WM 3001"),
                harness.events());
    }

    @Test
    void processingTimeTimersAndDeletionsWorkFromEitherCallback() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(new KeyedCoProcessOperator<>(KEY, KEY,
                new KeyedCoProcessFunction<String, String, String, String>() {
                    @Override
                    public void processElement1(final String value, final Context<String> ctx, final Collector<String> out) {
                        ctx.timerService().registerProcessingTimeTimer(5000);
                        ctx.timerService().registerEventTimeTimer(700);
                    }

                    @Override
                    public void processElement2(final String value, final Context<String> ctx, final Collector<String> out) {
                        if (value.endsWith("delete")) {
                            ctx.timerService().deleteEventTimeTimer(700);
                        } else {
                            ctx.timerService().registerProcessingTimeTimer(5000);
                        }
                    }

                    @Override
                    public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
                        out.collect(ctx.getCurrentKey() + " " + ctx.timeDomain() + " " + timestamp + " ts=" + ctx.timestamp());
                    }
                }));
        harness.processElement1("a:1", 100);
        harness.processElement2("a:2", 100); // the same processing-time timer of a
        harness.processElement1("b:1", 100);
        harness.processElement2("b:delete", 100); // b's event-time timer at 700 goes
        assertEquals(5000, harness.operator().nextProcessingTime());
        harness.setProcessingTime(4999);
        assertEquals(List.of(), harness.events());
        harness.setProcessingTime(5000);
        harness.processWatermark1(1000);
        harness.processWatermark2(1000);
        // processing-time results carry no timestamp
        assertEquals(List.of("a PROCESSING_TIME 5000 ts=5000@MIN", "b PROCESSING_TIME 5000 ts=5000@MIN",
                "a EVENT_TIME 700 ts=700@700", "WM 1000"), harness.events());
        assertEquals(Long.MAX_VALUE, harness.operator().nextProcessingTime());
    }

    @Test
    void aRecordOfAKeyedEdgeUsesTheKeyTheEdgeRoutedItBy() {
        final KeySelector<String, String> refusing = value -> {
            throw new AssertionError("the edge gave the key already");
        };
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(
                new KeyedCoProcessOperator<>(refusing, refusing, new SumAndSeen()));
        harness.processKeyedElement1("z:4", 100, "a", KeyGroups.keyGroupOf("a", KeyGroups.DEFAULT_MAX_PARALLELISM));
        harness.processKeyedElement2("z:q", 200, "a", -1);
        assertEquals(List.of("a sum so far 4@200"), harness.events());
    }

    @Test
    void theFingerprintNamesTheOperatorAndTheFunction() {
        assertEquals(Map.of("operator", "keyed co-process", "function", "SumAndSeen"),
                new KeyedCoProcessOperator<>(KEY, KEY, new SumAndSeen()).fingerprint());
    }
}
