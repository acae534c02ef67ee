package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's embedding example on the deterministic scheduler, compiled and run with the
 * README's lines checked after each step, so the documentation cannot rot.
 */
final class EmbeddingExampleTest {
    record Trade(String symbol, long timestamp, double price) {
    }

    @Test
    void readmeTradingExamplePrintsOneBarPerWindow() {
        final List<String> printed = new ArrayList<>();
        final OutputTag<Trade> late = new OutputTag<>("late-trades");

        // the engine alone has no off-heap backend on its class path: the default is the heap
        final StreamPipeline pipeline = StreamPipeline.named("bars");
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(1_000)
                        .withTimestampAssigner((trade, ts) -> trade.timestamp()))
                .keyBy(Trade::symbol)
                .window(TumblingEventTimeWindows.of(5_000))
                .allowedLateness(2_000)
                .sideOutputLateData(late)
                .<String>process((symbol, ctx, in, out) -> {
                    double sum = 0;
                    int n = 0;
                    for (Trade t : in) {
                        sum += t.price();
                        n++;
                    }
                    out.collect(symbol + " " + ctx.window() + " avg=" + sum / n);
                })
                .sideOutput(late, (trade, ts) -> printed.add("late " + trade))
                .sink((bar, ts) -> printed.add(bar));

        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            trades.publish(new Trade("AAPL", 1_000, 190.0));   // at 0 ms of processing time
            running.advanceTo(1_500);                          // periodic emissions at 200, 400, ... run on the way
            trades.publish(new Trade("AAPL", 6_100, 192.0));
            assertEquals(List.of(), printed);
            // the periodic emission at 1600 sees max 6100: watermark 6100 - 1000 - 1 = 5099 fires [0,5000)
            running.advanceTo(1_600);
            assertEquals(List.of("AAPL [0,5000) avg=190.0"), printed);
            running.advanceTo(5_000);
            trades.end();                                      // MAX fires the rest before end() returns
            assertEquals(List.of("AAPL [0,5000) avg=190.0", "AAPL [5000,10000) avg=192.0"), printed);
            running.runToEnd();
        }
    }
}
