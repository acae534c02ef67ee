package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.AggregateFunction;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The README's trading example (per-symbol 1 s bars from a publisher), compiled and run. */
final class TradingBarsExampleTest {
    record Trade(String symbol, long timeMillis, long priceTicks, long quantity) {
    }

    /** Open, high, low, close and volume of one symbol's second; mutable, reused per window. */
    static final class Bar {
        String symbol;
        long open;
        long high = Long.MIN_VALUE;
        long low = Long.MAX_VALUE;
        long close;
        long volume;

        @Override
        public String toString() {
            return symbol + " o=" + open + " h=" + high + " l=" + low + " c=" + close + " v=" + volume;
        }
    }

    static final class Bars implements AggregateFunction<Trade, Bar, Bar> {
        @Override
        public Bar createAccumulator() {
            return new Bar();
        }

        @Override
        public Bar add(final Trade trade, final Bar bar) {
            if (bar.volume == 0) {
                bar.symbol = trade.symbol();
                bar.open = trade.priceTicks();
            }
            bar.high = Math.max(bar.high, trade.priceTicks());
            bar.low = Math.min(bar.low, trade.priceTicks());
            bar.close = trade.priceTicks();
            bar.volume += trade.quantity();
            return bar;
        }

        @Override
        public Bar getResult(final Bar bar) {
            return bar;
        }

        @Override
        public Bar merge(final Bar a, final Bar b) {
            throw new UnsupportedOperationException("tumbling windows do not merge");
        }
    }

    @Test
    void readmeTradingExampleEmitsOneBarPerSymbolAndSecond() throws InterruptedException {
        final List<String> printed = new CopyOnWriteArrayList<>();

        final StreamPipeline pipeline = StreamPipeline.named("bars");
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(50)
                        .withTimestampAssigner((trade, ts) -> trade.timeMillis()))
                .keyBy(Trade::symbol)
                .window(TumblingEventTimeWindows.of(1_000))
                .aggregate(new Bars())
                // a window's result carries the window's last millisecond as its timestamp
                .sink((bar, windowEnd) -> printed.add("[" + (windowEnd + 1 - 1_000) + "," + (windowEnd + 1) + ") " + bar));

        try (RunningPipeline running = pipeline.start()) {
            trades.publish(new Trade("AAPL", 100, 19_000, 10));
            trades.publish(new Trade("MSFT", 250, 41_000, 5));
            trades.publish(new Trade("AAPL", 900, 19_010, 20));
            trades.publish(new Trade("AAPL", 1_200, 19_005, 7));
            trades.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(30)));
        }
        assertEquals(3, printed.size());
        assertTrue(printed.contains("[0,1000) AAPL o=19000 h=19010 l=19000 c=19010 v=30"), printed::toString);
        assertTrue(printed.contains("[0,1000) MSFT o=41000 h=41000 l=41000 c=41000 v=5"), printed::toString);
        assertTrue(printed.contains("[1000,2000) AAPL o=19005 h=19005 l=19005 c=19005 v=7"), printed::toString);
    }
}
