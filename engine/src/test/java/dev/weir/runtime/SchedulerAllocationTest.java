package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.api.DataStream;
import dev.weir.api.StagePlacement;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.GeneratorSource;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.CountSum;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hot path allocates nothing per record in steady state on either scheduler
 * (docs/architecture.md), measured with the threads' allocated-bytes counters over whole
 * pipelines: on the deterministic scheduler the calling thread publishes (or lets a source read)
 * and runs every task, the publisher's run after each call included; on the threaded one the
 * publishing thread runs the source's chain and its wait, and the task threads the rest (the perf
 * module's ZeroGarbagePipelineTest measures those on a larger run). With 4-slot rings the writes a
 * full ring cannot take wait in its channel's overflow, whose slots are allocated once and reused
 * (docs/runtime.md, "Back-pressure"). With the window stage inline (docs/runtime.md, "Stage
 * placement") the feeding thread runs it and allocates nothing per record either.
 *
 * <p>The window operator allocates only when a key's window first appears: the aggregate's
 * accumulator, the window object on a miss of its window cache (once per period), and, when they
 * fill, a larger array for its state table or timer queue (kept from then on). The windows here
 * are long enough that all of them exist after the warm-up and none fires while the counters run,
 * as in TaskAllocationTest.
 */
@Tag("allocation")
final class SchedulerAllocationTest {
    private static final int KEYS = 100;
    private static final int RECORDS = 200_000;
    private static final long WINDOW_MILLIS = 1_000_000_000L;
    private static final int FAN_OUT = 10;
    private static final Duration TIMEOUT = Duration.ofMinutes(1);

    /** A pre-created record, so the loop itself allocates nothing. */
    record Tick(String symbol, long price) {
    }

    /** Totals the window results without allocating. */
    static final class Totals implements Sink<CountSum> {
        /** One part per instance of the window stage (parallelism 2): on threads each is written by its own task. */
        private final Part[] parts = {new Part(), new Part()};

        @Override
        public void accept(final CountSum value, final long timestamp) {
            throw new IllegalStateException("every instance of the window stage writes its own part");
        }

        @Override
        public Sink<CountSum> instance(final int instance, final int parallelism) {
            return parts[instance];
        }

        long results() {
            return parts[0].results + parts[1].results;
        }

        long count() {
            return parts[0].count + parts[1].count;
        }

        long sum() {
            return parts[0].sum + parts[1].sum;
        }
    }

    /** What one instance of the window stage emitted. */
    static final class Part implements Sink<CountSum> {
        long results;
        long count;
        long sum;

        @Override
        public void accept(final CountSum value, final long timestamp) {
            results++;
            count += value.count;
            sum += value.sum;
        }
    }

    /** The pipelines measured: what follows the publisher. */
    enum Shape {
        /** keyBy (p=2) → window aggregate → sink, on 1024-slot rings. */
        KEYED_WINDOW(1) {
            @Override
            void build(final StreamPipeline pipeline, final Publisher<Tick> publisher, final Totals totals) {
                windowed(pipeline.from(publisher, WatermarkStrategy.<Tick>forBoundedOutOfOrderness(10)), totals);
            }
        },
        /**
         * Two keyed stages on 4-slot rings: the first emits each record ten times,
         * so every input overflows its output ring and the task returns, drains on its next
         * cycles and goes on (a publisher waits at the end of its call likewise); the second is
         * the window aggregate.
         */
        TWO_BACK_PRESSURED_STAGES(FAN_OUT) {
            @Override
            void build(final StreamPipeline pipeline, final Publisher<Tick> publisher, final Totals totals) {
                windowed(pipeline.channelCapacity(4)
                        .from(publisher, WatermarkStrategy.<Tick>forBoundedOutOfOrderness(10))
                        .keyBy(Tick::symbol)
                        .<Tick>process((tick, ctx, out) -> {
                            for (int i = 0; i < FAN_OUT; i++) {
                                out.collect(tick);
                            }
                        }), totals);
            }
        };

        private final int fanOut;

        Shape(final int fanOut) {
            this.fanOut = fanOut;
        }

        abstract void build(StreamPipeline pipeline, Publisher<Tick> publisher, Totals totals);

        private static void windowed(final DataStream<Tick> ticks, final Totals totals) {
            windowed(ticks, totals, StagePlacement.HOP);
        }

        /** The window stage at parallelism 2 behind rings, or 1 inline on the feeding thread. */
        private static void windowed(final DataStream<Tick> ticks, final Totals totals, final StagePlacement placement) {
            ticks.keyBy(Tick::symbol)
                    .parallelism(placement == StagePlacement.INLINE ? 1 : 2)
                    .placement(placement)
                    .window(TumblingEventTimeWindows.of(WINDOW_MILLIS))
                    .aggregate(CountSum.<Tick>of(Tick::price))
                    .sink(totals);
        }
    }

    private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final long thread = Thread.currentThread().getId();
    private final Tick[] ticks = new Tick[KEYS];
    private final Totals totals = new Totals();

    SchedulerAllocationTest() {
        for (int i = 0; i < KEYS; i++) {
            ticks[i] = new Tick("SYM" + i, i);
        }
    }

    /**
     * A publisher-fed pipeline on the deterministic scheduler: every call runs the pipeline until
     * quiescent before it returns; processing time moves every 100 records (periodic watermarks
     * run on the way).
     */
    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"KEYED_WINDOW, publish", "KEYED_WINDOW, publishBatched", "KEYED_WINDOW, publishWithOffset",
        "KEYED_WINDOW, publishBatchedWithOffset", "TWO_BACK_PRESSURED_STAGES, publish"})
    void aPublisherFedPipelineOnTheDeterministicSchedulerAllocatesNothingPerRecord(final Shape shape, final String call) {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("allocation").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Tick> publisher = pipeline.publisher("ticks");
        shape.build(pipeline, publisher, totals);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            publishDeterministic(publisher, running, 0, call);
            final long waitsBefore = producerWaits(running);
            final long before = threads.getThreadAllocatedBytes(thread);
            publishDeterministic(publisher, running, RECORDS, call);
            final long allocated = threads.getThreadAllocatedBytes(thread) - before;
            assertTrue(allocated < RECORDS, "allocated " + allocated + " bytes for " + RECORDS + " records");
            // a publisher call leaves the rings empty: only a stage's fan-out fills a 4-slot ring
            assertEquals(shape == Shape.TWO_BACK_PRESSURED_STAGES, producerWaits(running) > waitsBefore);
            assertEquals(0, totals.results());
            publisher.end();
            running.runToEnd();
        }
        assertTotals(2L * RECORDS * shape.fanOut);
    }

    private void publishDeterministic(final Publisher<Tick> publisher, final DeterministicPipeline running, final int from,
            final String call) {
        for (int i = from; i < from + RECORDS; i++) {
            publish(publisher, i, call);
            if (i % 100 == 99) {
                running.advanceTo(running.clock().millis() + 1);
            }
        }
        publisher.flush();
    }

    /**
     * A generator source → keyBy (p=2) → window aggregate → sink on the deterministic scheduler:
     * the source reads its records at their pace on the virtual clock as time moves. Also with the
     * window stage inline (p=1, no ring: docs/runtime.md, "Stage placement").
     */
    @ParameterizedTest(name = "{0}-slot rings, {1}")
    @CsvSource({"1024, HOP", "4, HOP", "1024, INLINE"})
    void aSourceFedPipelineOnTheDeterministicSchedulerAllocatesNothingPerRecord(final int slots, final StagePlacement placement) {
        final VirtualClock clock = new VirtualClock(0);
        // 100 records a millisecond; the generator returns pre-created records
        final GeneratorSource<Tick> source = GeneratorSource.bounded(3L * RECORDS, 100_000,
                (sequence, intendedNanos) -> ticks[(int) (sequence % KEYS)]).withNanoClock(Scheduler.nanos(clock));
        final StreamPipeline pipeline = StreamPipeline.named("allocation").stateBackend(HeapStateBackend.INSTANCE).channelCapacity(slots);
        final AtomicLong read = new AtomicLong();
        Shape.windowed(pipeline.from("ticks", source, WatermarkStrategy.<Tick>forBoundedOutOfOrderness(10)
                .withTimestampAssigner((t, ts) -> read.getAndIncrement()), 1), totals, placement);
        final long millisPerPhase = RECORDS / 100;
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            advanceInSteps(running, millisPerPhase);
            final long readBefore = read.get();
            final long waitsBefore = producerWaits(running);
            final long before = threads.getThreadAllocatedBytes(thread);
            advanceInSteps(running, 2 * millisPerPhase);
            final long allocated = threads.getThreadAllocatedBytes(thread) - before;
            // the 100 records of a millisecond overflow a 4-slot ring
            assertEquals(slots == 4, producerWaits(running) > waitsBefore);
            final long measured = read.get() - readBefore;
            assertEquals(RECORDS, measured, "records read while measured");
            assertTrue(allocated < measured, "allocated " + allocated + " bytes for " + measured + " records");
            assertEquals(0, totals.results());
            running.runToEnd();
        }
        assertTotals(3L * RECORDS);
    }

    /** @return how often a write found a ring full, over every channel; allocates (a metrics snapshot) */
    private static long producerWaits(final DeterministicPipeline running) {
        long waits = 0;
        for (final TaskMetrics task : running.metrics().tasks()) {
            for (final ChannelMetrics input : task.inputs()) {
                waits += input.producerWaits();
            }
        }
        return waits;
    }

    private static void advanceInSteps(final DeterministicPipeline running, final long toMillis) {
        for (long t = running.clock().millis() + 1; t <= toMillis; t++) {
            running.advanceTo(t);
        }
    }

    /**
     * A publisher-fed pipeline on the threaded scheduler: the publishing thread (each call runs the
     * source's chain, the keyed edge's routing into two rings, and its wait) and the task threads.
     * Fewer records through 4-slot rings, where the threads hand over a few events at a time.
     */
    @ParameterizedTest(name = "{0}, {1} records")
    @CsvSource({"KEYED_WINDOW, 200000", "TWO_BACK_PRESSURED_STAGES, 20000"})
    void aPublisherFedPipelineOnTheThreadedSchedulerAllocatesNothingPerRecord(final Shape shape, final int records) throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("allocation").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Tick> publisher = pipeline.publisher("ticks");
        shape.build(pipeline, publisher, totals);
        try (RunningPipeline running = pipeline.start()) {
            final List<Thread> taskThreads = running.threads();
            publishThreaded(publisher, 0, records);
            assertTrue(running.awaitQuiescent(TIMEOUT), "the tasks did not catch up");
            final long before = threads.getThreadAllocatedBytes(thread);
            final long tasksBefore = allocatedBytes(taskThreads);
            publishThreaded(publisher, records, records);
            final long publisherAllocated = threads.getThreadAllocatedBytes(thread) - before;
            assertTrue(running.awaitQuiescent(TIMEOUT), "the tasks did not catch up");
            final long tasksAllocated = allocatedBytes(taskThreads) - tasksBefore;
            assertTrue(publisherAllocated < records, "the publishing thread allocated " + publisherAllocated + " bytes for " + records
                    + " records");
            assertTrue(tasksAllocated < records, "the task threads allocated " + tasksAllocated + " bytes for " + records + " records");
            assertEquals(0, totals.results());
            publisher.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not end");
        }
        assertTotals(2L * records * shape.fanOut);
    }

    /**
     * The tumbling window inline behind a publisher on the threaded scheduler (docs/runtime.md,
     * "Stage placement"): there is no task thread, the publishing thread runs the source's chain,
     * the keyed edge and the window operator on each call, and allocates nothing per record.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"publish", "publishBatched", "publishWithOffset"})
    void anInlineTumblingWindowBehindAPublisherAllocatesNothingPerRecord(final String call) throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("allocation").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Tick> publisher = pipeline.publisher("ticks");
        Shape.windowed(pipeline.from(publisher, WatermarkStrategy.<Tick>forBoundedOutOfOrderness(10)), totals, StagePlacement.INLINE);
        try (RunningPipeline running = pipeline.start()) {
            assertEquals(List.of(), running.threads());
            publishInline(publisher, 0, call);
            final long before = threads.getThreadAllocatedBytes(thread);
            publishInline(publisher, RECORDS, call);
            final long allocated = threads.getThreadAllocatedBytes(thread) - before;
            assertTrue(allocated < RECORDS, "allocated " + allocated + " bytes for " + RECORDS + " records");
            assertEquals(0, totals.results());
            publisher.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not end");
        }
        assertTotals(2L * RECORDS);
    }

    private void publishInline(final Publisher<Tick> publisher, final int from, final String call) {
        for (int i = from; i < from + RECORDS; i++) {
            publish(publisher, i, call);
        }
        publisher.flush();
    }

    /** Publishes record i: at once, or batched with a flush after every 64th; with its index as its offset or without. */
    private void publish(final Publisher<Tick> publisher, final int i, final String call) {
        switch (call) {
            case "publishBatched":
            case "publishBatchedWithOffset":
                if (call.equals("publishBatched")) {
                    publisher.publishBatched(ticks[i % KEYS], i);
                } else {
                    publisher.publishBatched(ticks[i % KEYS], i, i);
                }
                if (i % 64 == 63) {
                    publisher.flush();
                }
                break;
            case "publishWithOffset":
                publisher.publish(ticks[i % KEYS], i, i);
                break;
            default:
                publisher.publish(ticks[i % KEYS], i);
                break;
        }
    }

    private void publishThreaded(final Publisher<Tick> publisher, final int from, final int records) {
        for (int i = from; i < from + records; i++) {
            publisher.publish(ticks[i % KEYS], i);
        }
    }

    private long allocatedBytes(final List<Thread> taskThreads) {
        long bytes = 0;
        for (final Thread taskThread : taskThreads) {
            bytes += threads.getThreadAllocatedBytes(taskThread.getId());
        }
        return bytes;
    }

    /** One window per key, each with its share of the records and their prices. */
    private void assertTotals(final long records) {
        assertEquals(KEYS, totals.results());
        assertEquals(records, totals.count());
        long sum = 0;
        for (int key = 0; key < KEYS; key++) {
            sum += key;
        }
        assertEquals(records / KEYS * sum, totals.sum());
    }
}
