package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Keyed co-process": a {@link CoProcessFunction} over keyed connected
 * streams runs in the keyed co-process operator, as Flink runs it there: both callbacks have the
 * record's key current, so the keyed state they read and write is the key's and their timers are
 * the key's, stored once per (time, key) whichever callback registered them; {@code onTimer} fires
 * with the timer's key current. Its context has no key: the function keeps the key in its state.
 * Over non-keyed streams the same function's keyed state and timers are refused. Records are
 * {@code key:value} strings.
 */
final class CoProcessOnKeyedStreamsTest {
    static final ValueStateDescriptor<String> KEY_SEEN = new ValueStateDescriptor<>("key");
    private static final ListStateDescriptor<String> SEEN = new ListStateDescriptor<>("seen");
    private static final OutputTag<String> LOG = new OutputTag<>("log");

    /**
     * {@link KeyedCoProcessOperatorTest.SumAndSeen} as a co-process function: the same results,
     * the key read from the key's own state instead of the context.
     */
    static final class SumAndSeenByState implements CoProcessFunction<String, String, String> {
        @Override
        public void processElement1(final String value, final Context ctx, final Collector<String> out) {
            ctx.state(KEY_SEEN).update(KeyedCoProcessOperatorTest.KEY.keyOf(value));
            final ValueState<Long> sum = ctx.state(KeyedCoProcessOperatorTest.SUM);
            final Long before = sum.value();
            sum.update((before == null ? 0 : before) + Long.parseLong(value.substring(value.indexOf(':') + 1)));
            ctx.timerService().registerEventTimeTimer(KeyedCoProcessOperatorTest.SumAndSeen.roundUp(ctx.timestamp()));
        }

        @Override
        public void processElement2(final String value, final Context ctx, final Collector<String> out) {
            ctx.state(KEY_SEEN).update(KeyedCoProcessOperatorTest.KEY.keyOf(value));
            ctx.state(SEEN).add(value.substring(value.indexOf(':') + 1));
            ctx.timerService().registerEventTimeTimer(KeyedCoProcessOperatorTest.SumAndSeen.roundUp(ctx.timestamp()));
            out.collect(ctx.state(KEY_SEEN).value() + " sum so far " + ctx.state(KeyedCoProcessOperatorTest.SUM).value());
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<String> out) {
            final ValueState<String> key = ctx.state(KEY_SEEN);
            final ValueState<Long> sum = ctx.state(KeyedCoProcessOperatorTest.SUM);
            final ListState<String> seen = ctx.state(SEEN);
            out.collect(key.value() + " " + ctx.timeDomain() + " at " + timestamp + ": sum " + sum.value() + " seen " + seen.get());
            ctx.output(LOG, "fired " + key.value() + " " + ctx.timestamp());
            key.clear();
            sum.clear();
            seen.clear();
        }

        @Override
        public String toString() {
            return "SumAndSeenByState";
        }
    }

    private static TwoInputOperatorHarness<String, String, String> harness(final CoProcessFunction<String, String, String> function) {
        return new TwoInputOperatorHarness<>(KeyedCoProcessOperator.forCoProcess(KeyedCoProcessOperatorTest.KEY,
                KeyedCoProcessOperatorTest.KEY, function));
    }

    @Test
    void bothCallbacksShareTheKeysStateAndATimerOfBothFiresOnceWithItsKeyCurrent() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(new SumAndSeenByState());
        final KeyedCoProcessOperator<?, ?, ?, ?> operator = (KeyedCoProcessOperator<?, ?, ?, ?>) harness.operator();
        harness.processElement1("a:5", 100);
        harness.processElement2("a:x", 200); // the same timer (999, a): stored once
        harness.processElement1("a:7", 900); // again
        harness.processElement2("b:y", 300); // (999, b) is another timer; b's sum is its own: none yet
        harness.processElement1("a:1", 1500); // (1999, a)
        assertEquals(3, operator.pendingTimers());
        assertEquals(5, operator.stateEntries()); // key a, key b, sum a, seen a, seen b
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
        // a's state was cleared by its first timer: the second one finds the key's state empty
        assertEquals(List.of("null EVENT_TIME at 1999: sum null seen null@1999", "SIDE log fired null 1999@1999", "WM 2000"),
                harness.events());
        assertEquals(0, operator.pendingTimers());
        assertEquals(0, operator.stateEntries());
        assertEquals(2000, operator.currentWatermark());
    }

    @Test
    void processingTimeTimersAndDeletionsWorkFromEitherCallbackPerKey() {
        final ValueStateDescriptor<Long> count = new ValueStateDescriptor<>("count");
        final TwoInputOperatorHarness<String, String, String> harness = harness(new CoProcessFunction<String, String, String>() {
            @Override
            public void processElement1(final String value, final Context ctx, final Collector<String> out) {
                final ValueState<Long> seen = ctx.state(count);
                seen.update(seen.value() == null ? 1 : seen.value() + 1);
                ctx.timerService().registerProcessingTimeTimer(5000);
                ctx.timerService().registerEventTimeTimer(700);
            }

            @Override
            public void processElement2(final String value, final Context ctx, final Collector<String> out) {
                if (value.endsWith("delete")) {
                    ctx.timerService().deleteEventTimeTimer(700);
                } else {
                    ctx.timerService().registerProcessingTimeTimer(5000);
                }
            }

            @Override
            public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<String> out) {
                out.collect(ctx.timeDomain() + " " + timestamp + " ts=" + ctx.timestamp() + " count=" + ctx.state(count).value()
                        + " wm=" + ctx.timerService().currentWatermark());
            }
        });
        harness.processElement1("a:1", 100);
        harness.processElement1("a:1", 150);
        harness.processElement2("a:2", 100); // the same processing-time timer of a
        harness.processElement1("b:1", 100);
        harness.processElement2("b:delete", 100); // b's event-time timer at 700 goes
        assertEquals(5000, harness.operator().nextProcessingTime());
        assertEquals(3, ((KeyedCoProcessOperator<?, ?, ?, ?>) harness.operator()).pendingTimers());
        harness.setProcessingTime(4999);
        assertEquals(List.of(), harness.events());
        harness.setProcessingTime(5000);
        harness.processWatermark1(1000);
        harness.processWatermark2(1000);
        // processing-time results carry no timestamp; each timer sees its key's count
        assertEquals(List.of("PROCESSING_TIME 5000 ts=5000 count=2 wm=MIN@MIN", "PROCESSING_TIME 5000 ts=5000 count=1 wm=MIN@MIN",
                "EVENT_TIME 700 ts=700 count=2 wm=1000@700", "WM 1000"), harness.events().stream()
                .map(event -> event.replace("wm=" + Long.MIN_VALUE, "wm=MIN")).toList());
        assertEquals(Long.MAX_VALUE, harness.operator().nextProcessingTime());
    }

    @Test
    void theFingerprintIsTheKeyedCoProcessOperatorsNamingTheUsersFunction() {
        assertEquals(Map.of("operator", "keyed co-process", "function", "SumAndSeenByState"),
                KeyedCoProcessOperator.forCoProcess(KeyedCoProcessOperatorTest.KEY, KeyedCoProcessOperatorTest.KEY, new SumAndSeenByState())
                        .fingerprint());
    }

    @Test
    void overNonKeyedStreamsTheSameFunctionsStateAndTimersAreRefused() {
        final TwoInputOperatorHarness<String, String, String> plain = new TwoInputOperatorHarness<>(
                new CoProcessOperator<>(new SumAndSeenByState()));
        assertEquals("Keyed state can only be used on a keyed stream, i.e. after keyBy(); these connected streams are not keyed (state 'key')",
                assertThrows(UnsupportedOperationException.class, () -> plain.processElement1("a:5", 100)).getMessage());
        final TwoInputOperatorHarness<String, String, String> timers = new TwoInputOperatorHarness<>(new CoProcessOperator<>(
                new CoProcessFunction<String, String, String>() {
                    @Override
                    public void processElement1(final String value, final Context ctx, final Collector<String> out) {
                        ctx.timerService().registerEventTimeTimer(10);
                    }

                    @Override
                    public void processElement2(final String value, final Context ctx, final Collector<String> out) {
                    }
                }));
        assertEquals(TimerService.UNSUPPORTED_REGISTER_TIMER_MSG,
                assertThrows(UnsupportedOperationException.class, () -> timers.processElement1("a:5", 100)).getMessage());
    }
}
