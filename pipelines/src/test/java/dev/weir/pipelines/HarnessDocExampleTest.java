package dev.weir.pipelines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.KeyedProcessOperator;
import dev.weir.state.MapState;
import dev.weir.state.MapStateDescriptor;
import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example of docs/api.md, "Testing operators": a user's keyed process function tested with engine's
 * {@link OperatorHarness}, from a module that has the harness the way a user's project has it, through the test-jar
 * of weir-engine. The code and the output asserted are the page's.
 */
class HarnessDocExampleTest {
    record Trade(String symbol, long time, long price) {}

    static final class CountPerSecond implements KeyedProcessFunction<String, Trade, String> {
        private static final MapStateDescriptor<Long, Long> COUNTS = new MapStateDescriptor<>("counts", Long.class, Long.class);

        @Override
        public void processElement(Trade t, Context<String> ctx, Collector<String> out) {
            long endOfSecond = t.time() / 1000 * 1000 + 999;
            MapState<Long, Long> counts = ctx.state(COUNTS);
            Long n = counts.get(endOfSecond);
            counts.put(endOfSecond, n == null ? 1 : n + 1);
            ctx.registerEventTimeTimer(endOfSecond);
        }

        @Override
        public void onTimer(long timestamp, Context<String> ctx, Collector<String> out) {
            MapState<Long, Long> counts = ctx.state(COUNTS);
            out.collect(ctx.currentKey() + " " + counts.get(timestamp) + " trades by " + timestamp);
            counts.remove(timestamp);
        }
    }

    @Test
    void countsPerSecondFireWhenTheWatermarkPassesTheEndOfTheSecond() {
        OperatorHarness<Trade, String> harness =
                new OperatorHarness<>(() -> new KeyedProcessOperator<>(Trade::symbol, new CountPerSecond()));

        harness.processElement(new Trade("AAPL", 100, 190), 100);
        harness.processElement(new Trade("MSFT", 200, 410), 200);
        harness.processElement(new Trade("AAPL", 300, 191), 300);
        harness.processWatermark(998);
        assertEquals(List.of("WM 998"), harness.events());

        harness.processWatermark(999);
        harness.processElement(new Trade("AAPL", 1500, 193), 1500);
        harness.processWatermark(Long.MAX_VALUE);

        assertEquals(List.of(
                "WM 998",
                "AAPL 2 trades by 999@999",
                "MSFT 1 trades by 999@999",
                "WM 999",
                "AAPL 1 trades by 1999@1999",
                "WM MAX"), harness.events());
        assertEquals(List.of("AAPL 2 trades by 999", "MSFT 1 trades by 999", "AAPL 1 trades by 1999"), harness.records());
    }
}
