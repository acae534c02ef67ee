package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.source.GeneratorSource;
import dev.weir.source.PacedSource;
import dev.weir.source.Publisher;
import dev.weir.source.Source;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.VirtualClock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    /**
     * A paced source has nothing available between its records: it is read again at each tick of
     * the emission schedule, also after its watermark generator settled (4 quiet emissions), so
     * each record comes at its due time and the run ends.
     */
    @ParameterizedTest
    @ValueSource(strings = {"generator", "paced collection"})
    void aPacedSourceIsReadAtItsRateThroughQuietStretches(final String kind) {
        final VirtualClock clock = new VirtualClock(0);
        final Source<Long> oneASecond = kind.equals("generator")
                ? GeneratorSource.bounded(4, 1, (sequence, intendedNanos) -> sequence).withNanoClock(Scheduler.nanos(clock))
                : PacedSource.of(CollectionSource.of(List.of(0L, 1L, 2L, 3L)).withBatchSize(1), 1, Scheduler.nanos(clock));
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("paced").stateBackend(HeapStateBackend.INSTANCE);
        pipeline.from("seconds", oneASecond, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n * 1000), 1)
                .map(n -> n + " read at " + clock.millis())
                .sink(lines);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            running.advanceTo(2_500);
            assertEquals(List.of("0 read at 0", "1 read at 1000", "2 read at 2000"), lines.lines());
            running.runToEnd();
        }
        assertEquals(List.of("0 read at 0", "1 read at 1000", "2 read at 2000", "3 read at 3000"), lines.lines());
    }
}
