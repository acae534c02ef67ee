package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.operator.Collector;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.Await;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream read by several consumers gives each of them every record and every watermark
 * (docs/runtime.md, "Fan-out"): a source feeding a map's sink and a keyed window's sink, a fused
 * chain forking into two chains, one chain feeding two keyed stages through 4-slot rings on one
 * shared thread, a stalled branch holding its producer back without losing anything, and
 * checkpoint barriers reaching every branch; on the deterministic scheduler the same pipeline
 * prints the same bytes on every run.
 */
final class FanOutTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** A reading of one sensor. */
    record Reading(int sensor, long value, long timestamp) {
    }

    /** A sink logging its records, watermarks and checkpoints, each line prefixed with its name, into a log it may share. */
    static final class Logging implements Sink<Object> {
        private final String name;
        private final List<String> log;

        Logging(final String name, final List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public void accept(final Object value, final long timestamp) {
            log.add(name + " " + value + " @" + timestamp);
        }

        @Override
        public void watermark(final long watermark) {
            log.add(name + " wm " + (watermark == Long.MAX_VALUE ? "MAX" : String.valueOf(watermark)));
        }

        @Override
        public void checkpoint(final long checkpointId) {
            log.add(name + " checkpoint " + checkpointId);
        }
    }

    private static final List<Reading> READINGS = List.of(new Reading(1, 5, 100), new Reading(2, 7, 200), new Reading(1, 9, 700),
            new Reading(2, 3, 1100), new Reading(1, 4, 1200), new Reading(2, 8, 1900), new Reading(1, 6, 2500));

    private static WatermarkStrategy<Reading> byTimestamp() {
        return WatermarkStrategy.<Reading>forMonotonousTimestamps().withTimestampAssigner((reading, ts) -> reading.timestamp());
    }

    /** A source read by a map into one sink and by a keyed window into another. */
    private static StreamPipeline rawAndMaxima(final List<String> raw, final List<String> maxima) {
        final StreamPipeline pipeline = StreamPipeline.named("fan-out").stateBackend(HeapStateBackend.INSTANCE);
        final DataStream<Reading> readings = pipeline.from("readings", CollectionSource.of(READINGS), byTimestamp(), 1);
        readings.map(reading -> "raw " + reading.sensor() + "=" + reading.value()).sink(new Logging("raw", raw));
        readings.keyBy(Reading::sensor)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce((a, b) -> a.value() >= b.value() ? a : b)
                .map(reading -> "max " + reading.sensor() + "=" + reading.value())
                .sink(new Logging("maxima", maxima));
        return pipeline;
    }

    private static void assertRawAndMaxima(final List<String> raw, final List<String> maxima) {
        assertEquals(List.of("raw raw 1=5 @100", "raw raw 2=7 @200", "raw raw 1=9 @700", "raw raw 2=3 @1100", "raw raw 1=4 @1200",
                "raw raw 2=8 @1900", "raw raw 1=6 @2500"), records(raw), "the map's branch got every record, in order");
        assertEquals(List.of("maxima max 1=4 @1999", "maxima max 1=6 @2999", "maxima max 1=9 @999", "maxima max 2=7 @999",
                "maxima max 2=8 @1999"), sorted(records(maxima)), "the window's branch got every record and the watermarks that fire them");
        assertEquals("raw wm MAX", raw.get(raw.size() - 1), "the map's branch got the final watermark");
        assertEquals("maxima wm MAX", maxima.get(maxima.size() - 1), "the window's branch got the final watermark");
    }

    @Test
    void aSourceFeedsAMapsSinkAndAKeyedWindowsSinkOnTheDeterministicScheduler() {
        final List<String> raw = new ArrayList<>();
        final List<String> maxima = new ArrayList<>();
        try (DeterministicPipeline running = rawAndMaxima(raw, maxima).startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        assertRawAndMaxima(raw, maxima);
    }

    @Test
    void aSourceFeedsAMapsSinkAndAKeyedWindowsSinkOnTheThreadedScheduler() throws InterruptedException {
        final List<String> raw = Collections.synchronizedList(new ArrayList<>());
        final List<String> maxima = Collections.synchronizedList(new ArrayList<>());
        try (RunningPipeline running = rawAndMaxima(raw, maxima).start()) {
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
            assertEquals(7, running.metrics().task("fan-out-keyed-1-0").recordsIn(), "the keyed stage read every record");
        }
        assertRawAndMaxima(raw, maxima);
    }

    /** A fused chain forks into two chains on the same thread: each branch runs its own operators on every record. */
    @Test
    void aFusedChainForksIntoTwoChains() throws InterruptedException {
        for (final boolean threaded : new boolean[] {false, true}) {
            final List<String> evens = Collections.synchronizedList(new ArrayList<>());
            final List<String> all = Collections.synchronizedList(new ArrayList<>());
            final StreamPipeline pipeline = StreamPipeline.named("fork").stateBackend(HeapStateBackend.INSTANCE);
            final DataStream<Long> tens = pipeline.from("numbers", CollectionSource.of(List.of(1L, 2L, 3L, 4L, 5L)),
                    WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n), 1).map(n -> n * 10);
            tens.filter(n -> n % 20 == 0).map(n -> "even " + n).sink(new Logging("evens", evens));
            tens.map(n -> "all " + n).sink(new Logging("all", all));
            run(pipeline, threaded);
            assertEquals(List.of("evens even 20 @2", "evens even 40 @4"), records(evens), "threaded " + threaded);
            assertEquals(List.of("all all 10 @1", "all all 20 @2", "all all 30 @3", "all all 40 @4", "all all 50 @5"), records(all),
                    "threaded " + threaded);
            assertEquals("evens wm MAX", evens.get(evens.size() - 1));
            assertEquals("all wm MAX", all.get(all.size() - 1));
        }
    }

    private static void run(final StreamPipeline pipeline, final boolean threaded) throws InterruptedException {
        if (threaded) {
            try (RunningPipeline running = pipeline.start()) {
                assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
            }
        } else {
            try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
                running.runToEnd();
            }
        }
    }

    /**
     * One chain feeds two keyed stages through 4-slot rings, and the source and both keyed stages
     * share the one busy-spinning thread two processors leave: a full ring on either branch makes
     * the source hold back and the thread go on with the consumers, so the pipeline ends with
     * every result of both branches.
     */
    @Test
    void aChainFeedingTwoKeyedStagesThroughFourSlotRingsOnOneSharedThreadDeliversEveryResult() throws InterruptedException {
        final int sensors = 5_000;
        final List<Reading> readings = new ArrayList<>();
        for (int sensor = 0; sensor < sensors; sensor++) {
            readings.add(new Reading(sensor, 2L * sensor, sensor % 1000));
            readings.add(new Reading(sensor, 2L * sensor + 1, 999 - sensor % 1000));
        }
        final List<Reading> maxima = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger passed = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("two-rings").stateBackend(HeapStateBackend.INSTANCE).channelCapacity(4)
                .idleStrategy(IdleStrategyKind.BUSY_SPIN).availableProcessors(2);
        final DataStream<Reading> source = pipeline.from("readings", CollectionSource.of(readings), byTimestamp(), 1).map(reading -> reading);
        source.keyBy(Reading::sensor)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce((a, b) -> a.value() >= b.value() ? a : b)
                .sink((reading, ts) -> maxima.add(reading));
        source.keyBy(reading -> reading.sensor() % 7)
                .<Reading>process((reading, ctx, out) -> out.collect(reading))
                .sink((reading, ts) -> passed.incrementAndGet());
        try (RunningPipeline running = pipeline.start()) {
            assertEquals(1, running.threads().size(), "the source and both keyed stages share one thread");
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not end: a branch's full ring blocked the shared thread");
            final long waits = running.metrics().stage("keyed-1").get(0).inputs().get(0).producerWaits()
                    + running.metrics().stage("keyed-2").get(0).inputs().get(0).producerWaits();
            assertTrue(waits > 0, "the source found a 4-slot ring full");
        }
        assertEquals(2 * sensors, passed.get(), "the process branch got every record");
        final TreeMap<Integer, Long> bySensor = new TreeMap<>();
        maxima.forEach(reading -> bySensor.put(reading.sensor(), reading.value()));
        assertEquals(sensors, maxima.size(), "one window result per sensor");
        for (int sensor = 0; sensor < sensors; sensor++) {
            assertEquals(2L * sensor + 1, bySensor.get(sensor), "sensor " + sensor);
        }
    }

    /**
     * A stalled sink on one branch back-pressures the source: it holds back, so the other branch
     * gets no more records meanwhile than the source read, and once the sink moves on both get
     * every record, in order.
     */
    @Test
    void aStalledBranchHoldsItsProducerBackAndNothingIsLost() throws InterruptedException {
        final int records = 20_000;
        final List<Long> input = new ArrayList<>();
        for (long i = 0; i < records; i++) {
            input.add(i);
        }
        final CountDownLatch stalled = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<Long> slow = Collections.synchronizedList(new ArrayList<>());
        final List<Long> fast = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("stalled").stateBackend(HeapStateBackend.INSTANCE).channelCapacity(4);
        final DataStream<Long> numbers = pipeline.from("numbers", CollectionSource.of(input),
                WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n), 1);
        numbers.keyBy(n -> 0).<Long>process((n, ctx, out) -> out.collect(n)).sink((n, ts) -> {
            if (n == 0) {
                stalled.countDown();
                await(release);
            }
            slow.add(n);
        });
        numbers.keyBy(n -> 0).<Long>process((n, ctx, out) -> out.collect(n)).sink((n, ts) -> fast.add(n));
        try (RunningPipeline running = pipeline.start()) {
            assertTrue(stalled.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            final ChannelMetrics slowRing = running.metrics().stage("keyed-1").get(0).inputs().get(0);
            Await.until("the source finds the stalled branch's ring full", () -> slowRing.producerWaits() > 0, TIMEOUT);
            assertEquals(4, slowRing.occupancy(), "the stalled branch's ring is full");
            assertTrue(fast.size() < records, "the source held back: the other branch got " + fast.size() + " records");
            release.countDown();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline drained");
        }
        assertEquals(input, slow, "the stalled branch got every record in order");
        assertEquals(input, fast, "the other branch got every record in order");
    }

    /**
     * A checkpoint barrier reaches every branch: both sinks hear the checkpoint after the records
     * before it, the checkpoint completes (every branch acknowledged it), and a run restored from
     * it gives the window branch its state back.
     */
    @Test
    void checkpointBarriersReachEveryBranchAndARestoredRunContinues() {
        final Path checkpoints = dir.resolve("checkpoints");
        final List<String> log = new ArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline first = publishedFanOut(log, checkpoints);
        final Publisher<Reading> readings = latestPublisher();
        try (DeterministicPipeline running = first.startDeterministic(clock)) {
            readings.publish(new Reading(1, 5, 100));
            readings.publish(new Reading(2, 7, 200));
            running.advanceTo(150);
            readings.publish(new Reading(1, 9, 700));
            running.advanceTo(160);
            assertEquals(1, running.completedCheckpointId(), "every branch acknowledged checkpoint 1");
        } // stopped mid-input
        assertEquals(List.of("raw 1=5 @100", "raw 2=7 @200", "raw checkpoint 1", "maxima checkpoint 1", "raw 1=9 @700"),
                withoutWatermarks(log), "each branch hears the barrier after the records before it");
        assertEquals(1, new CheckpointDirectory(checkpoints).latestCompleteId());

        final List<String> restoredLog = new ArrayList<>();
        final StreamPipeline second = publishedFanOut(restoredLog, checkpoints).restoreFrom(checkpoints);
        final Publisher<Reading> again = latestPublisher();
        try (DeterministicPipeline running = second.startDeterministic(new VirtualClock(0))) {
            assertEquals(2, second.restoredPosition(again).records(), "two readings before the barrier");
            again.publish(new Reading(1, 9, 700));
            again.publish(new Reading(2, 3, 1100));
            again.end();
            running.runToEnd();
        }
        // the window [0, 1000) kept the readings before the checkpoint: 7 is sensor 2's maximum
        assertEquals(List.of("maxima 1=9 @999", "maxima 2=3 @1999", "maxima 2=7 @999", "raw 1=9 @700", "raw 2=3 @1100"),
                sorted(withoutWatermarks(restoredLog)));
    }

    /** The publisher of each pipeline {@link #publishedFanOut} made, the latest last. */
    private final List<Publisher<Reading>> publishers = new ArrayList<>();

    private StreamPipeline publishedFanOut(final List<String> log, final Path checkpoints) {
        final StreamPipeline pipeline = StreamPipeline.named("checkpointed-fan-out").stateBackend(HeapStateBackend.INSTANCE)
                .checkpointing(checkpoints, Duration.ofMillis(100));
        final Publisher<Reading> publisher = pipeline.publisher("readings");
        publishers.add(publisher);
        final DataStream<Reading> readings = pipeline.from(publisher, byTimestamp());
        readings.map(reading -> reading.sensor() + "=" + reading.value()).sink(new Logging("raw", log));
        readings.keyBy(Reading::sensor)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce((a, b) -> a.value() >= b.value() ? a : b)
                .map(reading -> reading.sensor() + "=" + reading.value())
                .sink(new Logging("maxima", log));
        return pipeline;
    }

    private Publisher<Reading> latestPublisher() {
        return publishers.get(publishers.size() - 1);
    }

    /**
     * The deterministic scheduler runs the tasks of a forked pipeline in one documented order:
     * the same pipeline, with two source instances and keyed stages of two instances on each
     * branch, prints byte-identical output on 20 runs.
     */
    @Test
    void aForkedPipelinePrintsTheSameBytesOnTwentyDeterministicRuns() {
        final List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            readings.add(new Reading(i % 13, (i * 37L) % 101, i * 7L));
        }
        String first = null;
        for (int run = 0; run < 20; run++) {
            final List<String> log = new ArrayList<>();
            final StreamPipeline pipeline = StreamPipeline.named("deterministic-fork").stateBackend(HeapStateBackend.INSTANCE)
                    .channelCapacity(8);
            final DataStream<Reading> source = pipeline.from("readings", CollectionSource.of(readings).withBatchSize(3), byTimestamp(), 2);
            source.map(reading -> "raw " + reading).sink(new Logging("raw", log));
            source.keyBy(Reading::sensor).parallelism(2)
                    .window(TumblingEventTimeWindows.of(500))
                    .reduce((a, b) -> a.value() >= b.value() ? a : b)
                    .sink(new Logging("maxima", log));
            source.keyBy(reading -> reading.sensor() % 3).parallelism(2)
                    .<String>process((reading, ctx, out) -> out.collect("group " + reading.sensor() % 3 + " " + reading.value()))
                    .sink(new Logging("groups", log));
            try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
                running.runToEnd();
            }
            final String output = String.join("\n", log);
            assertEquals(400, log.stream().filter(line -> line.startsWith("raw raw Reading")).count());
            assertEquals(400, log.stream().filter(line -> line.startsWith("groups group ")).count());
            if (first == null) {
                first = output;
            } else {
                assertEquals(first, output, "run " + run + " printed other bytes");
            }
        }
    }

    /**
     * A keyed stream read twice: the window and the process function run in the one keyed stage,
     * each on every record of its key, with state of its own.
     */
    @Test
    void aKeyedStreamReadByAWindowAndAProcessFunctionGivesEachEveryRecord() throws InterruptedException {
        for (final boolean threaded : new boolean[] {false, true}) {
            final List<String> maxima = Collections.synchronizedList(new ArrayList<>());
            final List<String> counts = Collections.synchronizedList(new ArrayList<>());
            final StreamPipeline pipeline = StreamPipeline.named("keyed-fork").stateBackend(HeapStateBackend.INSTANCE);
            final KeyedStream<Reading, Integer> bySensor = pipeline.from("readings", CollectionSource.of(READINGS), byTimestamp(), 1)
                    .keyBy(Reading::sensor);
            bySensor.window(TumblingEventTimeWindows.of(1000))
                    .reduce((a, b) -> a.value() >= b.value() ? a : b)
                    .map(reading -> reading.sensor() + "=" + reading.value())
                    .sink(new Logging("max", maxima));
            final ValueStateDescriptor<Long> seen = new ValueStateDescriptor<>("seen");
            bySensor.<String>process((reading, ctx, out) -> {
                final ValueState<Long> state = ctx.state(seen);
                final long count = state.value() == null ? 1 : state.value() + 1;
                state.update(count);
                out.collect(ctx.currentKey() + " #" + count);
            }).sink(new Logging("count", counts));
            run(pipeline, threaded);
            assertEquals(List.of("max 1=4 @1999", "max 1=6 @2999", "max 1=9 @999", "max 2=7 @999", "max 2=8 @1999"),
                    sorted(records(maxima)), "threaded " + threaded);
            assertEquals(List.of("count 1 #1 @100", "count 2 #1 @200", "count 1 #2 @700", "count 2 #2 @1100", "count 1 #3 @1200",
                    "count 2 #3 @1900", "count 1 #4 @2500"), records(counts), "threaded " + threaded);
        }
    }

    /** The operator metrics of a task list its chain's operators, then those of its forward branches, each with its own counts. */
    @Test
    void aTasksOperatorMetricsListItsForwardBranches() {
        final StreamPipeline pipeline = StreamPipeline.named("branch-metrics").stateBackend(HeapStateBackend.INSTANCE);
        final DataStream<Long> numbers = pipeline.from("numbers", CollectionSource.of(List.of(1L, 2L, 3L, 4L)),
                WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n), 1).keyBy(n -> n % 2)
                .<Long>process((n, ctx, out) -> out.collect(n));
        numbers.filter(n -> n > 1).sink((n, ts) -> { });
        numbers.flatMap((Long n, Collector<Long> out) -> {
            out.collect(n);
            out.collect(n);
        }).sink((n, ts) -> { });
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
            final List<OperatorMetrics> operators = running.metrics().task("branch-metrics-keyed-1-0").operators();
            assertEquals(List.of("process", "filter", "flatMap"), operators.stream().map(OperatorMetrics::name).toList());
            assertEquals(List.of(4L, 4L, 4L), operators.stream().map(OperatorMetrics::recordsIn).toList());
            assertEquals(List.of(4L, 3L, 8L), operators.stream().map(OperatorMetrics::recordsOut).toList());
        }
    }

    /** The example of docs/runtime.md, "Fan-out", prints what the page shows. */
    @Test
    void theFanOutExampleOfTheRuntimeDocsPrintsWhatThePageShows() {
        final List<String> printed = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("fan-out").stateBackend(HeapStateBackend.INSTANCE);
        final DataStream<Reading> readings = pipeline.from("readings", CollectionSource.of(List.of(
                        new Reading(1, 5, 100), new Reading(2, 7, 200), new Reading(1, 9, 700), new Reading(2, 3, 1100))),
                WatermarkStrategy.<Reading>forMonotonousTimestamps().withTimestampAssigner((r, ts) -> r.timestamp()), 1);
        readings.map(r -> "raw " + r.sensor() + "=" + r.value()).sink((line, ts) -> printed.add(line));
        readings.keyBy(Reading::sensor)
                .window(TumblingEventTimeWindows.of(1_000))
                .reduce((a, b) -> a.value() >= b.value() ? a : b)
                .sink((max, ts) -> printed.add("max " + max.sensor() + "=" + max.value() + " at " + ts));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        assertEquals(List.of("raw 1=5", "raw 2=7", "raw 1=9", "raw 2=3", "max 1=9 at 999", "max 2=7 at 999", "max 2=3 at 1999"), printed);
    }

    private static List<String> records(final List<String> log) {
        final List<String> records = new ArrayList<>();
        synchronized (log) {
            for (final String line : log) {
                if (!line.contains(" wm ")) {
                    records.add(line);
                }
            }
        }
        return records;
    }

    private static List<String> withoutWatermarks(final List<String> log) {
        return records(log);
    }

    private static List<String> sorted(final List<String> lines) {
        final List<String> copy = new ArrayList<>(lines);
        Collections.sort(copy);
        return copy;
    }

    private static void await(final CountDownLatch latch) {
        try {
            if (!latch.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
