package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.source.ReadStatus;
import dev.weir.source.Source;
import dev.weir.source.SourceOutput;
import dev.weir.source.SourceReader;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/runtime.md, "The threaded scheduler" and "The deterministic scheduler",
 * compiled and run, so the documentation cannot rot: each asserts the output the page prints.
 */
final class RuntimeDocExamplesTest {
    record Trade(String symbol, long time, long price) {
    }

    /** The page's pipeline: per-symbol 1 s windows counting trades, behind a publisher. */
    private static Publisher<Trade> bars(final StreamPipeline pipeline, final int parallelism, final VirtualClock clock,
            final Queue<String> printed) {
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .parallelism(parallelism)
                .window(TumblingEventTimeWindows.of(1_000))
                .<String>process((symbol, ctx, in, out) -> {
                    int n = 0;
                    for (final Trade t : in) {
                        n++;
                    }
                    out.collect(symbol + " " + ctx.window() + " trades=" + n);
                })
                .sink((line, ts) -> printed.add(clock.millis() + " ms: " + line));
        return trades;
    }

    @Test
    void theDeterministicExampleFiresAtThePeriodicEmissionAndAtTheEnd() {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("bars");
        final Queue<String> printed = new ConcurrentLinkedQueue<>();
        final Publisher<Trade> trades = bars(pipeline, 2, clock, printed);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            trades.publish(new Trade("AAPL", 100, 19_000));
            trades.publish(new Trade("MSFT", 250, 41_000));
            trades.publish(new Trade("AAPL", 1_200, 19_010));
            assertEquals(List.of(), new ArrayList<>(printed));
            running.advanceTo(1_000);
            trades.publish(new Trade("MSFT", 2_500, 41_020));
            trades.end();
            running.runToEnd();
            assertTrue(running.isFinished());
        }
        assertEquals(List.of(
                "200 ms: MSFT [0,1000) trades=1",
                "200 ms: AAPL [0,1000) trades=1",
                "1000 ms: MSFT [2000,3000) trades=1",
                "1000 ms: AAPL [1000,2000) trades=1"), new ArrayList<>(printed));
    }

    @Test
    void theDeterministicExamplePrintsTheSameLinesOnEveryRun() {
        final List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            final VirtualClock clock = new VirtualClock(0);
            final StreamPipeline pipeline = StreamPipeline.named("bars");
            final Queue<String> printed = new ConcurrentLinkedQueue<>();
            final Publisher<Trade> trades = bars(pipeline, 3, clock, printed);
            try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
                for (int i = 0; i < 60; i++) {
                    trades.publish(new Trade("S" + i % 7, i * 97L, i));
                    running.advanceTo(i * 50L);
                }
                trades.end();
                running.runToEnd();
            }
            runs.add(new ArrayList<>(printed));
        }
        assertEquals(runs.get(0), runs.get(1));
        assertEquals(runs.get(0), runs.get(2));
        // 7 symbols x 6 windows ([0,1000) to [5000,6000)): every symbol trades in every second
        assertEquals(42, runs.get(0).size());
    }

    @Test
    void theThreadedAdvanceToExampleFiresTheWindowAtTheEmissionItMovesTo() throws InterruptedException {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("replay").clock(clock);
        final Queue<String> printed = new ConcurrentLinkedQueue<>();
        final Publisher<Trade> trades = bars(pipeline, 2, clock, printed);
        try (RunningPipeline running = pipeline.start()) {
            trades.publish(new Trade("AAPL", 100, 19_000));
            trades.publish(new Trade("AAPL", 1_200, 19_010));
            running.advanceTo(200, Duration.ofSeconds(30));
            assertEquals(List.of("200 ms: AAPL [0,1000) trades=1"), new ArrayList<>(printed));
            trades.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(30)));
        }
        assertEquals(List.of("200 ms: AAPL [0,1000) trades=1", "200 ms: AAPL [1000,2000) trades=1"), new ArrayList<>(printed));
    }

    @Test
    void aFailingKeyedTaskComesOutOfThePublisherCallThatRanIt() {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("checks");
        final Publisher<Trade> trades = pipeline.publisher("trades");
        final IllegalArgumentException bad = new IllegalArgumentException("negative price");
        final List<String> printed = new ArrayList<>();
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .parallelism(2)
                .<String>process((trade, ctx, out) -> {
                    if (trade.price() < 0) {
                        throw bad;
                    }
                    out.collect(trade.symbol() + "=" + trade.price());
                })
                .sink((line, ts) -> printed.add(line));
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            trades.publish(new Trade("AAPL", 100, 19_000));
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class,
                    () -> trades.publish(new Trade("MSFT", 200, -1)));
            assertSame(bad, failure.getCause());
            assertThrows(PipelineStoppedException.class, () -> trades.publish(new Trade("AAPL", 300, 19_001)));
            assertThrows(PipelineStoppedException.class, () -> running.advanceTo(1_000));
        }
        assertEquals(List.of("AAPL=19000"), printed);
    }

    @Test
    void aQuietHourTakesAHandfulOfStepsNotEveryPeriodicEmission() {
        for (final long idlenessMillis : new long[] {0, 60_000, 1}) {
            final VirtualClock clock = new VirtualClock(0);
            final StreamPipeline pipeline = StreamPipeline.named("quiet");
            final Publisher<Trade> trades = pipeline.publisher("trades");
            final WatermarkStrategy<Trade> bounded = WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100)
                    .withTimestampAssigner((t, ts) -> t.time());
            final List<String> printed = new ArrayList<>();
            pipeline.from(trades, idlenessMillis > 0 ? bounded.withIdleness(idlenessMillis) : bounded)
                    .keyBy(Trade::symbol)
                    .<String>process((trade, ctx, out) -> out.collect(trade.symbol() + "@" + ctx.timestamp()))
                    .sink((line, ts) -> printed.add(clock.millis() + " ms: " + line));
            try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
                trades.publish(new Trade("AAPL", 100, 19_000));
                running.advanceTo(3_600_000);
                // 18,000 emissions of 200 ms in the hour; settled ones are skipped, so the keyed task ran a few dozen cycles at most
                final long cycles = running.metrics().task("quiet-keyed-1-0").dutyCycles();
                assertTrue(cycles < 50, "idleness " + idlenessMillis + ": " + cycles + " duty cycles");
                trades.publish(new Trade("AAPL", 3_600_100, 19_001));
                trades.end();
                running.runToEnd();
            }
            assertEquals(List.of("0 ms: AAPL@100", "3600000 ms: AAPL@3600100"), printed, "idleness " + idlenessMillis);
        }
    }

    @Test
    void anOperatorFusedBehindAPublisherFailsInsideTheCallUnwrapped() {
        final StreamPipeline pipeline = StreamPipeline.named("fused");
        final Publisher<Trade> trades = pipeline.publisher("trades");
        final IllegalStateException bad = new IllegalStateException("no symbol");
        final List<String> printed = new ArrayList<>();
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((t, ts) -> t.time()))
                .map(t -> {
                    if (t.symbol().isEmpty()) {
                        throw bad;
                    }
                    return t.symbol();
                })
                .keyBy(symbol -> symbol)
                .<String>process((symbol, ctx, out) -> out.collect(symbol))
                .sink((line, ts) -> printed.add(line));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            trades.publish(new Trade("AAPL", 100, 19_000));
            assertSame(bad, assertThrows(IllegalStateException.class, () -> trades.publish(new Trade("", 200, 1))));
            assertThrows(PipelineStoppedException.class, () -> trades.publish(new Trade("AAPL", 300, 19_001)));
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, running::runToEnd);
            assertSame(bad, failure.getCause());
        }
        assertEquals(List.of("AAPL"), printed);
    }

    /** Registers a processing-time timer at 500 ms per record and reports when it fires. */
    private static Publisher<Trade> timers(final StreamPipeline pipeline, final Queue<String> printed) {
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .process(new KeyedProcessFunction<String, Trade, String>() {
                    @Override
                    public void processElement(final Trade trade, final Context<String> ctx, final Collector<String> out) {
                        ctx.registerProcessingTimeTimer(500);
                    }

                    @Override
                    public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
                        out.collect("timer " + timestamp + " at " + ctx.currentProcessingTime());
                    }
                })
                .sink((line, ts) -> printed.add(line));
        return trades;
    }

    @Test
    void aKeyedTimerFiresAtItsOwnTimeOnBothSchedulers() throws InterruptedException {
        final VirtualClock deterministicClock = new VirtualClock(0);
        final StreamPipeline deterministic = StreamPipeline.named("timers");
        final Queue<String> exact = new ConcurrentLinkedQueue<>();
        final Publisher<Trade> fed = timers(deterministic, exact);
        try (DeterministicPipeline running = deterministic.startDeterministic(deterministicClock)) {
            fed.publish(new Trade("AAPL", 100, 19_000));
            running.advanceTo(1_000);
        }
        assertEquals(List.of("timer 500 at 500"), new ArrayList<>(exact));

        final VirtualClock threadedClock = new VirtualClock(0);
        final StreamPipeline threaded = StreamPipeline.named("timers").clock(threadedClock);
        final Queue<String> stepped = new ConcurrentLinkedQueue<>();
        final Publisher<Trade> trades = timers(threaded, stepped);
        try (RunningPipeline running = threaded.start()) {
            trades.publish(new Trade("AAPL", 100, 19_000));
            running.advanceTo(1_000, Duration.ofSeconds(30));
            // the clock steps to the emissions (200 ms apart) and to the task's timer: 400, 500, 600
            assertEquals(List.of("timer 500 at 500"), new ArrayList<>(stepped));
            trades.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(30)));
        }
    }

    @Test
    void aSinkThatPublishesIntoItsOwnDeterministicPipelineIsRefused() {
        final StreamPipeline pipeline = StreamPipeline.named("loop");
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .<Trade>process((trade, ctx, out) -> out.collect(trade))
                .sink((trade, ts) -> trades.publish(new Trade(trade.symbol(), trade.time() + 1, trade.price())));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class,
                    () -> trades.publish(new Trade("AAPL", 100, 19_000)));
            assertEquals(IllegalStateException.class, failure.getCause().getClass());
            assertEquals("pipeline 'loop' is running already on this thread: a sink or operator may not drive its own deterministic"
                    + " pipeline", failure.getCause().getMessage());
        }
    }

    @Test
    void aFailingSourceReaderLetsTheTasksDrainWhatItEmittedFirst() {
        final IOException unreadable = new IOException("disk gone");
        final Source<Trade> failing = (instance, parallelism) -> new SourceReader<Trade>() {
            private int reads;

            @Override
            public ReadStatus read(final SourceOutput<Trade> output) throws IOException {
                if (reads++ > 0) {
                    throw unreadable;
                }
                output.emit(new Trade("AAPL", 100, 19_000));
                output.emit(new Trade("MSFT", 200, 41_000));
                return ReadStatus.MORE;
            }
        };
        final StreamPipeline pipeline = StreamPipeline.named("drain");
        final List<String> printed = new ArrayList<>();
        pipeline.from("trades", failing, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((t, ts) -> t.time()), 1)
                .keyBy(Trade::symbol)
                .parallelism(2)
                .<String>process((trade, ctx, out) -> out.collect(trade.symbol() + "@" + ctx.timestamp()))
                .sink((line, ts) -> printed.add(line));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, running::runToEnd);
            assertSame(unreadable, failure.getCause());
        }
        assertEquals(List.of("MSFT@200", "AAPL@100"), printed);
    }

    /**
     * Two keyed stages at parallelism 2 and 3, late data to a side output, checkpoints every
     * 500 ms: the printed lines, the late records and the checkpoint files are the same in
     * every run.
     */
    private static List<String> twoStagesWithLateDataAndCheckpoints(final Path checkpoints) {
        final VirtualClock clock = new VirtualClock(0);
        final List<String> printed = new ArrayList<>();
        final OutputTag<Trade> late = new OutputTag<>("late");
        final StreamPipeline pipeline = StreamPipeline.named("mix").checkpointing(checkpoints, Duration.ofMillis(500));
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(50).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .parallelism(2)
                .window(TumblingEventTimeWindows.of(1_000))
                .sideOutputLateData(late)
                .<Trade>process((symbol, ctx, in, out) -> {
                    long volume = 0;
                    for (final Trade t : in) {
                        volume += t.price();
                    }
                    out.collect(new Trade(symbol, ctx.window().maxTimestamp(), volume));
                })
                .sideOutput(late, (trade, ts) -> printed.add(clock.millis() + " ms late: " + trade))
                .keyBy(bar -> bar.price() % 3)
                .parallelism(3)
                .<String>process((bar, ctx, out) -> out.collect(bar.symbol() + "@" + ctx.timestamp() + "=" + bar.price()))
                .sink((line, ts) -> printed.add(clock.millis() + " ms: " + line));
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            for (int i = 0; i < 200; i++) {
                // every 10th trade is 700 ms behind the others: some of them are late
                final long time = i * 37L - (i % 10 == 0 ? 700 : 0);
                trades.publish(new Trade("S" + i % 5, Math.max(0, time), i));
                running.advanceTo(i * 20L);
            }
            trades.end();
            running.runToEnd();
            printed.add("checkpoint " + running.completedCheckpointId());
        }
        try (Stream<Path> files = Files.walk(checkpoints)) {
            files.filter(Files::isRegularFile).sorted().forEach(file -> {
                try {
                    printed.add(checkpoints.relativize(file) + " " + Arrays.hashCode(Files.readAllBytes(file)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return printed;
    }

    @Test
    void twoKeyedStagesSideOutputsAndCheckpointsGiveTheSameBytesOnEveryRun(@TempDir final Path dir) {
        final List<String> first = twoStagesWithLateDataAndCheckpoints(dir.resolve("run-1"));
        assertEquals(first, twoStagesWithLateDataAndCheckpoints(dir.resolve("run-2")));
        assertEquals(first, twoStagesWithLateDataAndCheckpoints(dir.resolve("run-3")));
        assertTrue(first.stream().anyMatch(line -> line.contains(" ms late: ")), String.join("\n", first));
        assertTrue(first.stream().anyMatch(line -> line.startsWith("chk-")), String.join("\n", first));
        assertTrue(first.contains("checkpoint 7"), String.join("\n", first));
    }
}
