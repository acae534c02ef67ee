package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.Manifest;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.source.PublisherPosition;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A publisher's position in a checkpoint: the records it accepted before the barrier and the
 * application's latest offset, given back after a restore ({@link StreamPipeline#restoredPosition}),
 * so that an application that republishes from there counts every record once; and
 * {@link StreamPipeline#resumeOrStart}, which restores when there is a complete checkpoint and
 * starts fresh otherwise.
 */
final class PublisherCheckpointTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** 4 symbols, a trade every 10 ms: 25 trades per symbol and second, 16 windows. */
    private static final int TRADES = 400;

    record Trade(String symbol, long time, long quantity) {
    }

    @TempDir
    Path dir;

    /** Trade n (from 1); the application's offset after it is {@code n * 100}, as a byte offset after its line would be. */
    private static Trade trade(final long n) {
        return new Trade("S" + n % 4, (n - 1) * 10, n);
    }

    /** Per symbol and 1 s window: the trades and their volume. */
    private static Publisher<Trade> vwapLike(final StreamPipeline pipeline, final Queue<String> results) {
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(0).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .parallelism(2)
                .window(TumblingEventTimeWindows.of(1_000))
                .<String>process((symbol, ctx, in, out) -> {
                    long n = 0;
                    long volume = 0;
                    for (final Trade t : in) {
                        n++;
                        volume += t.quantity();
                    }
                    out.collect(symbol + " " + ctx.window() + " trades=" + n + " volume=" + volume);
                })
                .sink((line, ts) -> results.add(line));
        return trades;
    }

    /** A pipeline started on one of the two schedulers, on a virtual clock, driven from the test's thread. */
    private interface Run extends AutoCloseable {
        void advanceTo(long millis);

        long completedCheckpointId();

        /** Ends the publisher and waits for the last results. */
        void finish(Publisher<Trade> trades) throws Exception;

        @Override
        void close();
    }

    private static Run start(final String scheduler, final StreamPipeline pipeline, final VirtualClock clock) {
        if (scheduler.equals("threaded")) {
            final RunningPipeline running = pipeline.clock(clock).start();
            return new Run() {
                @Override
                public void advanceTo(final long millis) {
                    running.advanceTo(millis, TIMEOUT);
                }

                @Override
                public long completedCheckpointId() {
                    return running.completedCheckpointId();
                }

                @Override
                public void finish(final Publisher<Trade> trades) throws Exception {
                    trades.end();
                    assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ends");
                }

                @Override
                public void close() {
                    running.close();
                }
            };
        }
        final DeterministicPipeline running = pipeline.startDeterministic(clock);
        return new Run() {
            @Override
            public void advanceTo(final long millis) {
                running.advanceTo(millis);
            }

            @Override
            public long completedCheckpointId() {
                return running.completedCheckpointId();
            }

            @Override
            public void finish(final Publisher<Trade> trades) {
                trades.end();
                running.runToEnd();
            }

            @Override
            public void close() {
                running.close();
            }
        };
    }

    /** Publishes trades {@code from..to} with their offsets, processing time moving 3 ms after each (a checkpoint every 100 ms). */
    private static void publish(final Run run, final Publisher<Trade> trades, final VirtualClock clock, final long from, final long to) {
        for (long n = from; n <= to; n++) {
            trades.publishWithOffset(trade(n), n * 100);
            run.advanceTo(clock.millis() + 3);
        }
    }

    private static Map<String, String> byWindow(final Iterable<String> lines) {
        final Map<String, String> last = new TreeMap<>();
        for (final String line : lines) {
            last.put(line.substring(0, line.indexOf(" trades=")), line);
        }
        return last;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"threaded", "deterministic"})
    void anApplicationThatResumesAtItsRestoredPositionCountsEveryRecordOnce(final String scheduler) throws Exception {
        final Queue<String> uninterrupted = new ConcurrentLinkedQueue<>();
        final StreamPipeline reference = StreamPipeline.named("vwap").resumeOrStart(dir.resolve("reference"), Duration.ofMillis(100));
        final Publisher<Trade> referenceTrades = vwapLike(reference, uninterrupted);
        final VirtualClock referenceClock = new VirtualClock(0);
        try (Run run = start(scheduler, reference, referenceClock)) {
            publish(run, referenceTrades, referenceClock, 1, TRADES);
            run.finish(referenceTrades);
        }
        assertEquals(16, uninterrupted.size(), "one result per symbol and second: " + uninterrupted);

        final Path checkpoints = dir.resolve("vwap");
        final Queue<String> results = new ConcurrentLinkedQueue<>();
        final StreamPipeline first = StreamPipeline.named("vwap").resumeOrStart(checkpoints, Duration.ofMillis(100));
        final Publisher<Trade> firstTrades = vwapLike(first, results);
        final VirtualClock firstClock = new VirtualClock(0);
        try (Run run = start(scheduler, first, firstClock)) {
            assertEquals(PublisherPosition.START, first.restoredPosition(firstTrades), "no checkpoint yet: a fresh start");
            publish(run, firstTrades, firstClock, 1, 250);
            assertTrue(run.completedCheckpointId() >= 2, "checkpoints completed: " + run.completedCheckpointId());
        } // the application stops without ending its input, as if it crashed

        final StreamPipeline second = StreamPipeline.named("vwap").resumeOrStart(checkpoints, Duration.ofMillis(100));
        final Publisher<Trade> secondTrades = vwapLike(second, results);
        final VirtualClock secondClock = new VirtualClock(0);
        try (Run run = start(scheduler, second, secondClock)) {
            final PublisherPosition resumed = second.restoredPosition(secondTrades);
            assertTrue(resumed.records() > 100 && resumed.records() < 250, "resumed inside the input: " + resumed);
            assertTrue(resumed.hasOffset());
            assertEquals(resumed.records() * 100, resumed.offset(), "the offset published with the last record before the barrier");
            publish(run, secondTrades, secondClock, resumed.records() + 1, TRADES);
            run.finish(secondTrades);
        }
        assertEquals(byWindow(uninterrupted), byWindow(results), "last result per symbol and window, over both runs");
    }

    @Test
    void theBarrierOfABatchFollowsTheRecordWhosePublishReadTheClock() throws Exception {
        final Path checkpoints = dir.resolve("batched");
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("vwap").clock(clock).checkpointing(checkpoints, Duration.ofMillis(100));
        final Publisher<Trade> trades = vwapLike(pipeline, new ConcurrentLinkedQueue<>());
        try (RunningPipeline running = pipeline.start()) {
            clock.advanceTo(100);
            // a batched record reads the clock every 64th: the barrier follows record 64, inside its call
            for (long n = 1; n <= 100; n++) {
                trades.publishBatched(trade(n), Long.MIN_VALUE, n * 100);
            }
            trades.flush();
            assertTrue(running.awaitCheckpoint(1, TIMEOUT), "checkpoint 1 completes");
            assertEquals(new PublisherPosition(100, true, 10_000), trades.position(), "the position now");
            // a published record reads the clock after it: the barrier follows it, inside its call
            clock.advanceTo(300);
            trades.publish(trade(101));
            assertTrue(running.awaitCheckpoint(2, TIMEOUT), "checkpoint 2 completes");
        }
        final StreamPipeline atOne = StreamPipeline.named("vwap").restoreFrom(checkpoints);
        final Publisher<Trade> restored = vwapLike(atOne, new ConcurrentLinkedQueue<>());
        // the last two complete checkpoints are kept: checkpoint 2 goes to a directory of its own, each is restored alone
        Files.createDirectories(dir.resolve("batched-2"));
        Files.move(checkpoints.resolve("chk-2"), dir.resolve("batched-2").resolve("chk-2"));
        try (DeterministicPipeline running = atOne.startDeterministic(new VirtualClock(0))) {
            assertEquals(new PublisherPosition(64, true, 6_400), atOne.restoredPosition(restored));
        }
        final StreamPipeline atTwo = StreamPipeline.named("vwap").restoreFrom(dir.resolve("batched-2"));
        final Publisher<Trade> restoredTwo = vwapLike(atTwo, new ConcurrentLinkedQueue<>());
        try (DeterministicPipeline running = atTwo.startDeterministic(new VirtualClock(0))) {
            // record 101 came without an offset: the latest offset is record 100's
            assertEquals(new PublisherPosition(101, true, 10_000), atTwo.restoredPosition(restoredTwo));
            assertEquals(101, restoredTwo.position().records(), "the count goes on from the restored position");
        }
    }

    @Test
    void withoutOffsetsThePositionHasNone() throws Exception {
        final Path checkpoints = dir.resolve("plain");
        final StreamPipeline pipeline = StreamPipeline.named("vwap").checkpointing(checkpoints, Duration.ofMillis(100));
        final Publisher<Trade> trades = vwapLike(pipeline, new ConcurrentLinkedQueue<>());
        final VirtualClock clock = new VirtualClock(0);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            for (long n = 1; n <= 7; n++) {
                trades.publish(trade(n));
            }
            running.advanceTo(100);
            assertEquals(1, running.completedCheckpointId());
        }
        final StreamPipeline restored = StreamPipeline.named("vwap").restoreFrom(checkpoints);
        final Publisher<Trade> again = vwapLike(restored, new ConcurrentLinkedQueue<>());
        try (DeterministicPipeline running = restored.startDeterministic(new VirtualClock(0))) {
            final PublisherPosition position = restored.restoredPosition(again);
            assertEquals(7, position.records());
            assertFalse(position.hasOffset());
            final IllegalStateException none = assertThrows(IllegalStateException.class, position::offset);
            assertEquals("no record before this position was published with an offset (7 records): use records(), or publish with"
                    + " publishWithOffset", none.getMessage());
        }
    }

    @Test
    void resumeOrStartStartsFreshOverIncompleteCheckpointsAndNeverOverADamagedOne() throws Exception {
        final Path checkpoints = dir.resolve("leftovers");
        Files.createDirectories(checkpoints.resolve("chk-3")); // a run killed before its first checkpoint completed
        final StreamPipeline fresh = StreamPipeline.named("vwap").resumeOrStart(checkpoints, Duration.ofMillis(100));
        final Publisher<Trade> trades = vwapLike(fresh, new ConcurrentLinkedQueue<>());
        try (DeterministicPipeline running = fresh.startDeterministic(new VirtualClock(0))) {
            assertEquals(PublisherPosition.START, fresh.restoredPosition(trades));
            trades.publish(trade(1));
            running.advanceTo(100);
            assertEquals(4, running.completedCheckpointId(), "ids go on after the leftover");
        }
        assertFalse(Files.exists(checkpoints.resolve("chk-3")), "the leftover is pruned once a checkpoint completed");

        final Path manifest = checkpoints.resolve("chk-4").resolve(Manifest.FILE_NAME);
        Files.writeString(manifest, Files.readString(manifest).replace("checkpoint 4", "checkpoint 5"));
        final StreamPipeline damaged = StreamPipeline.named("vwap").resumeOrStart(checkpoints, Duration.ofMillis(100));
        vwapLike(damaged, new ConcurrentLinkedQueue<>());
        final CheckpointException refused = assertThrows(CheckpointException.class, () -> damaged.startDeterministic(new VirtualClock(0)));
        assertTrue(refused.getMessage().startsWith("checkpoint manifest " + manifest + " was changed or damaged"), refused.getMessage());
    }

    @Test
    void aRestoreNeedsAsManyPublishersAsTheCheckpointHad() throws Exception {
        final Path checkpoints = dir.resolve("two");
        final StreamPipeline pipeline = StreamPipeline.named("ticks").checkpointing(checkpoints, Duration.ofMillis(100));
        final List<Publisher<Trade>> two = pipeline.publishers("trades", 2);
        pipeline.from(two, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .<String>process((t, ctx, out) -> out.collect(t.symbol()))
                .sink((line, ts) -> { });
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            two.get(0).publishWithOffset(trade(1), 11);
            two.get(1).publishWithOffset(trade(2), 22);
            two.get(1).publishWithOffset(trade(3), 33);
            running.advanceTo(100);
            assertEquals(1, running.completedCheckpointId());
        }
        final StreamPipeline same = StreamPipeline.named("ticks").restoreFrom(checkpoints);
        final List<Publisher<Trade>> again = same.publishers("trades", 2);
        same.from(again, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .<String>process((t, ctx, out) -> out.collect(t.symbol()))
                .sink((line, ts) -> { });
        try (DeterministicPipeline running = same.startDeterministic(new VirtualClock(0))) {
            assertEquals(new PublisherPosition(1, true, 11), same.restoredPosition(again.get(0)));
            assertEquals(new PublisherPosition(2, true, 33), same.restoredPosition(again.get(1)));
        }

        final StreamPipeline one = StreamPipeline.named("ticks").restoreFrom(checkpoints);
        final Publisher<Trade> single = one.publisher("trades");
        one.from(single, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .<String>process((t, ctx, out) -> out.collect(t.symbol()))
                .sink((line, ts) -> { });
        final CheckpointException refused = assertThrows(CheckpointException.class, () -> one.startDeterministic(new VirtualClock(0)));
        assertEquals("cannot restore checkpoint 1 in " + checkpoints.resolve("chk-1") + ": source trades-0 had 2 publishers, the"
                + " pipeline has 1: each publisher resumes from the position of its own instance", refused.getMessage());
    }

    @Test
    void aPositionIsAskedOfTheStartedPipelineOfThePublisher() {
        final StreamPipeline pipeline = StreamPipeline.named("vwap");
        final Publisher<Trade> trades = vwapLike(pipeline, new ConcurrentLinkedQueue<>());
        final IllegalStateException early = assertThrows(IllegalStateException.class, () -> pipeline.restoredPosition(trades));
        assertEquals("pipeline 'vwap' has not started: a publisher's position is restored by start()", early.getMessage());
        final Publisher<Trade> foreign = StreamPipeline.named("other").publisher("quotes");
        final IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> pipeline.restoredPosition(foreign));
        assertEquals("publisher 'quotes' does not feed pipeline 'vwap'", other.getMessage());
    }
}
