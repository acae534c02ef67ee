package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.VirtualClock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class DeterministicPipelineTest {
    record Trade(String symbol, long timestamp, double price) {
    }

    @Test
    void barsFireWhenTheVirtualClockReachesThePeriodicEmission() {
        final List<String> printed = new ArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("bars").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(1_000).withTimestampAssigner((t, ts) -> t.timestamp()))
                .keyBy(Trade::symbol)
                .window(TumblingEventTimeWindows.of(5_000))
                .<String>process((symbol, ctx, in, out) -> {
                    double sum = 0;
                    int n = 0;
                    for (Trade t : in) {
                        sum += t.price();
                        n++;
                    }
                    out.collect(symbol + " " + ctx.window() + " avg=" + sum / n);
                })
                .sink((bar, ts) -> printed.add(bar));
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            trades.publish(new Trade("AAPL", 1_000, 190.0));
            running.advanceTo(1_500);
            trades.publish(new Trade("AAPL", 6_100, 192.0));
            assertEquals(List.of(), printed);
            running.advanceTo(1_600);
            assertEquals(List.of("AAPL [0,5000) avg=190.0"), printed);
            running.advanceTo(5_000);
            trades.end();
            assertEquals(List.of("AAPL [0,5000) avg=190.0", "AAPL [5000,10000) avg=192.0"), printed);
            running.runToEnd();
        }
    }
}
