package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.LongEntryConsumer;
import dev.weir.state.LongMapState;
import dev.weir.state.LongMapStateDescriptor;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example of docs/state.md, "Map state", compiled and run: a keyed process function buffers
 * each symbol's trades by timestamp in a {@link LongMapState}, reads the last second of them as a
 * range for every trade, and drops each timestamp a second later with an event-time timer.
 */
final class MapStateExampleTest {
    record Trade(String symbol, long time, long price) {
    }

    /** For each trade, the trades of its symbol in the second up to it, and their total price. */
    static final class LastSecond implements KeyedProcessFunction<String, Trade, String> {
        private static final LongMapStateDescriptor<Long> PRICES = new LongMapStateDescriptor<>("prices", Long.class);

        private long trades;
        private long total;
        /** Kept in a field, so that a range visit allocates nothing. */
        private final LongEntryConsumer<Long> add = (time, price) -> {
            trades++;
            total += price;
        };

        @Override
        public void processElement(final Trade trade, final Context<String> ctx, final Collector<String> out) {
            final LongMapState<Long> prices = ctx.state(PRICES);
            prices.putAt(trade.time(), trade.price());
            trades = 0;
            total = 0;
            prices.forEach(trade.time() - 999, trade.time(), add);
            out.collect(trade.symbol() + " " + trade.time() + ": " + trades + " trades, total " + total);
            ctx.registerEventTimeTimer(trade.time() + 1000);
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            final LongMapState<Long> prices = ctx.state(PRICES);
            prices.remove(timestamp - 1000);
            out.collect(ctx.currentKey() + " dropped " + (timestamp - 1000) + ", keeps " + prices.keys());
        }
    }

    @Test
    void theLastSecondOfEachSymbolIsARangeOfItsBuffer() {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("last-second").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Trade> trades = pipeline.publisher("trades");
        final List<String> printed = new ArrayList<>();
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(500).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .process(new LastSecond())
                .sink((line, ts) -> printed.add(line));
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            trades.publish(new Trade("AAPL", 1000, 190));
            trades.publish(new Trade("AAPL", 1600, 191));
            trades.publish(new Trade("AAPL", 1300, 189));
            trades.publish(new Trade("MSFT", 1700, 410));
            trades.publish(new Trade("AAPL", 2400, 192));
            trades.end();
            running.runToEnd();
        }
        assertEquals(List.of(
                "AAPL 1000: 1 trades, total 190",
                "AAPL 1600: 2 trades, total 381",
                "AAPL 1300: 2 trades, total 379",
                "MSFT 1700: 1 trades, total 410",
                "AAPL 2400: 2 trades, total 383",
                "AAPL dropped 1000, keeps [1300, 1600, 2400]",
                "AAPL dropped 1300, keeps [1600, 2400]",
                "AAPL dropped 1600, keeps [2400]",
                "MSFT dropped 1700, keeps []",
                "AAPL dropped 2400, keeps []"), printed);
    }
}
