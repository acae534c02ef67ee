package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.state.BroadcastState;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Broadcast state": the broadcast side writes the broadcast state, the other
 * side reads it through a read-only view (a write through a cast is refused); results keep the
 * record's timestamp and the combined watermark goes on. Input 1 records are {@code name:value},
 * input 2 (broadcast) records {@code name=threshold}.
 */
final class CoBroadcastWithNonKeyedOperatorTest {
    static final MapStateDescriptor<String, Long> THRESHOLDS = new MapStateDescriptor<>("thresholds", String.class, Long.class);
    static final OutputTag<String> BELOW = new OutputTag<>("below");

    /** Passes a record whose value reaches its name's threshold; others go to the side output; broadcast records set thresholds. */
    static final class Thresholds implements BroadcastProcessFunction<String, String, String> {
        @Override
        public void processElement(final String value, final ReadOnlyContext ctx, final Collector<String> out) {
            final String name = value.substring(0, value.indexOf(':'));
            final long number = Long.parseLong(value.substring(value.indexOf(':') + 1));
            final ReadOnlyBroadcastState<String, Long> thresholds = ctx.getBroadcastState(THRESHOLDS);
            final Long threshold = thresholds.get(name);
            if (threshold == null) {
                out.collect(value + " has no threshold (wm " + ctx.currentWatermark() + ")");
            } else if (number >= threshold) {
                out.collect(value + " >= " + threshold);
            } else {
                ctx.output(BELOW, value + " < " + threshold);
            }
        }

        @Override
        public void processBroadcastElement(final String value, final Context ctx, final Collector<String> out) {
            final String name = value.substring(0, value.indexOf('='));
            final BroadcastState<String, Long> thresholds = ctx.getBroadcastState(THRESHOLDS);
            if (value.endsWith("=none")) {
                thresholds.remove(name);
            } else {
                thresholds.put(name, Long.parseLong(value.substring(value.indexOf('=') + 1)));
            }
            out.collect("thresholds " + thresholds.size() + " at " + ctx.timestamp());
        }

        @Override
        public String toString() {
            return "Thresholds";
        }
    }

    static CoBroadcastWithNonKeyedOperator<String, String, String> operator() {
        return new CoBroadcastWithNonKeyedOperator<>(new Thresholds(), List.of(THRESHOLDS));
    }

    @Test
    void theBroadcastSideWritesWhatTheOtherSideReads() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(operator());
        harness.processElement1("cpu:50", 100);
        harness.processElement2("cpu=40", 150);
        harness.processElement1("cpu:50", 200);
        harness.processElement1("cpu:30", 300);
        harness.processWatermark2(250);
        harness.processWatermark1(350);
        harness.processElement2("cpu=none", 400);
        harness.processElement1("cpu:30", 500);
        assertEquals(List.of("cpu:50 has no threshold (wm " + Long.MIN_VALUE + ")@100", "thresholds 1 at 150@150", "cpu:50 >= 40@200",
                "SIDE below cpu:30 < 40@300", "WM 250", "thresholds 0 at 400@400", "cpu:30 has no threshold (wm 250)@500"),
                harness.events());
    }

    @Test
    void writingTheBroadcastStateFromTheNonBroadcastSideThroughACastIsRefused() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(
                new CoBroadcastWithNonKeyedOperator<>(new BroadcastProcessFunction<String, String, String>() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public void processElement(final String value, final ReadOnlyContext ctx, final Collector<String> out) {
                        ((BroadcastState<String, Long>) ctx.getBroadcastState(THRESHOLDS)).put(value, 1L);
                    }

                    @Override
                    public void processBroadcastElement(final String value, final Context ctx, final Collector<String> out) {
                        ctx.getBroadcastState(THRESHOLDS).put(value, 2L);
                    }
                }, List.of(THRESHOLDS)));
        harness.processElement2("a", 1);
        final UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> harness.processElement1("b", 2));
        assertEquals("broadcast state 'thresholds' is read-only on the non-broadcast side: put() is refused; only processBroadcastElement "
                + "may write it (use immutableEntries() to read all entries)", refused.getMessage());
        final CoBroadcastWithNonKeyedOperator<?, ?, ?> operator = (CoBroadcastWithNonKeyedOperator<?, ?, ?>) harness.operator();
        assertEquals(1, operator.stateEntries());
    }

    @Test
    void theFingerprintNamesTheOperatorItsBroadcastStatesAndTheFunctionBeforeItIsOpened() {
        assertEquals(Map.of("operator", "broadcast process", "broadcast states", "[thresholds]", "function", "Thresholds"),
                operator().fingerprint());
    }

    @Test
    void aDescriptorTheOperatorWasNotGivenIsAnErrorNamingTheStates() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(
                new CoBroadcastWithNonKeyedOperator<>(new BroadcastProcessFunction<String, String, String>() {
                    @Override
                    public void processElement(final String value, final ReadOnlyContext ctx, final Collector<String> out) {
                        ctx.getBroadcastState(new MapStateDescriptor<>("other", String.class, String.class));
                    }

                    @Override
                    public void processBroadcastElement(final String value, final Context ctx, final Collector<String> out) {
                    }
                }, List.of(THRESHOLDS)));
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> harness.processElement1("x", 1));
        assertEquals("test: no broadcast state 'other'; its MapStateDescriptor must be one of those the broadcast stream was made with "
                + "[thresholds]", unknown.getMessage());
    }
}
