package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The threaded runtime end to end: publisher -> keyBy -> window -> sink gives the same results at any parallelism. */
final class StreamPipelineTest {
    record Trade(String symbol, long time, long price) {
    }

    private static List<String> run(final int parallelism) throws InterruptedException {
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("bars");
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((trade, ts) -> trade.time()))
                .keyBy(Trade::symbol)
                .parallelism(parallelism)
                .window(TumblingEventTimeWindows.of(1000))
                .<String>process((symbol, ctx, elements, out) -> {
                    long count = 0;
                    long sum = 0;
                    for (final Trade trade : elements) {
                        count++;
                        sum += trade.price();
                    }
                    out.collect(symbol + " " + ctx.window() + " count=" + count + " sum=" + sum);
                })
                .sink((line, ts) -> results.add(line));
        try (RunningPipeline running = pipeline.start()) {
            for (int i = 0; i < 20_000; i++) {
                trades.publish(new Trade("S" + (i % 7), i / 4, i % 100));
            }
            trades.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(60)), "the pipeline did not end");
        }
        final List<String> sorted = new ArrayList<>(results);
        Collections.sort(sorted);
        return sorted;
    }

    @Test
    void resultsAreTheSameMultisetAtParallelismOneAndTwo() throws InterruptedException {
        final List<String> one = run(1);
        assertEquals(7 * 5, one.size());
        assertEquals(run(2), one);
        assertEquals(run(3), one);
    }
}
