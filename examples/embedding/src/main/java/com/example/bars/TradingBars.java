package com.example.bars;

import dev.weir.api.StreamPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;

/** Per-symbol 1 s bars from trades published by this thread, on Weir's threaded runtime. */
public final class TradingBars {
    private TradingBars() {
    }

    /**
     * @param args none
     * @throws InterruptedException if interrupted while the pipeline finishes
     */
    public static void main(final String[] args) throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("bars");
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(50)
                        .withTimestampAssigner((trade, ts) -> trade.timeMillis()))
                .keyBy(Trade::symbol)
                .window(TumblingEventTimeWindows.of(1_000))
                .aggregate(new Bars())
                // a window's result carries the window's last millisecond as its timestamp
                .sink((bar, windowEnd) -> System.out.println("[" + (windowEnd + 1 - 1_000) + "," + (windowEnd + 1) + ") " + bar));

        try (RunningPipeline running = pipeline.start()) {
            trades.publish(new Trade("AAPL", 100, 19_000, 10));
            trades.publish(new Trade("MSFT", 250, 41_000, 5));
            trades.publish(new Trade("AAPL", 900, 19_010, 20));
            trades.publish(new Trade("AAPL", 1_200, 19_005, 7));
            trades.end();                       // MAX: the last windows fire, every task ends
            running.awaitTermination();         // rethrows an operator's failure as its cause
        }
    }
}
