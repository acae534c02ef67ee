package dev.weir.runtime.deterministic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.source.GeneratorSource;
import dev.weir.source.PacedSource;
import dev.weir.source.Publisher;
import dev.weir.source.Source;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** How the deterministic scheduler moves processing time for sources that wait (paced) and publishers that idle. */
final class DeterministicPipelineTest {
    record Trade(String symbol, long timestamp, double price) {
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

    /** Two publishers into keyed 1 s windows; a publisher without input for 500 ms is idle. */
    private static StreamPipeline idlenessPipeline(final VirtualClock clock, final List<Publisher<Trade>> publishers, final Lines lines) {
        final StreamPipeline pipeline = StreamPipeline.named("idle").stateBackend(HeapStateBackend.INSTANCE);
        publishers.addAll(pipeline.publishers("trades", 2));
        pipeline.from(publishers, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((t, ts) -> t.timestamp())
                        .withIdleness(500))
                .keyBy(Trade::symbol)
                .parallelism(2)
                .window(TumblingEventTimeWindows.of(1_000))
                .<String>process((symbol, ctx, in, out) -> {
                    int n = 0;
                    for (final Trade ignored : in) {
                        n++;
                    }
                    out.collect(symbol + " " + ctx.window() + " n=" + n + " at " + clock.millis());
                })
                .sink(lines);
        return pipeline;
    }

    private static void feedWithAPauseOnTheSecond(final List<Publisher<Trade>> publishers, final LongConsumer advanceTo) {
        publishers.get(0).publish(new Trade("AAPL", 100, 1));
        publishers.get(1).publish(new Trade("XOM", 150, 1));
        advanceTo.accept(400);
        publishers.get(0).publish(new Trade("AAPL", 1_200, 1));
        advanceTo.accept(2_000); // the second publisher is idle: the first one's watermark alone fires [0,1000)
        publishers.get(1).publish(new Trade("XOM", 1_100, 1)); // active again, and on time
        publishers.get(0).publish(new Trade("AAPL", 2_500, 1));
        advanceTo.accept(2_600);
        publishers.get(0).end();
        publishers.get(1).end();
    }

    /**
     * The second publisher's inactivity starts at the check at 400 and reaches 500 ms at 1000: idle,
     * so the first one's 1199 fires [0,1000); at 2000 it is active again, its 1099 behind the
     * combined watermark, and [1000,2000) fires with its record at the next emission (2200).
     */
    private static final List<String> IDLENESS_LINES = List.of("XOM [0,1000) n=1 at 1000", "AAPL [0,1000) n=1 at 1000",
            "XOM [1000,2000) n=1 at 2200", "AAPL [1000,2000) n=1 at 2200", "AAPL [2000,3000) n=1 at 2600");

    @Test
    void anIdlePublisherStopsHoldingBackTheWatermarkAtTheSameProcessingTimeOnBothSchedulers() throws InterruptedException {
        final VirtualClock clock = new VirtualClock(0);
        final List<Publisher<Trade>> publishers = new ArrayList<>();
        final Lines lines = new Lines();
        try (DeterministicPipeline running = idlenessPipeline(clock, publishers, lines).startDeterministic(clock)) {
            feedWithAPauseOnTheSecond(publishers, running::advanceTo);
            running.runToEnd();
        }
        assertEquals(IDLENESS_LINES, lines.lines());

        final VirtualClock threadedClock = new VirtualClock(0);
        final List<Publisher<Trade>> threadedPublishers = new ArrayList<>();
        final Lines threaded = new Lines();
        try (RunningPipeline running = idlenessPipeline(threadedClock, threadedPublishers, threaded).clock(threadedClock).start()) {
            feedWithAPauseOnTheSecond(threadedPublishers, millis -> running.advanceTo(millis, Duration.ofSeconds(30)));
            assertEquals(true, running.awaitTermination(Duration.ofSeconds(30)));
        }
        final List<String> expected = new ArrayList<>(IDLENESS_LINES);
        Collections.sort(expected);
        assertEquals(expected, threaded.sorted());
    }
}
