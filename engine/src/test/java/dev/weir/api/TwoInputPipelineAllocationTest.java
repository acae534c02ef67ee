package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.time.WatermarkStrategy;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The co-process and as-of join paths of whole pipelines allocate nothing per record in steady
 * state (measured with the threads' allocated-bytes counters): two publishers, each keyed into a
 * two-input stage at parallelism 2 behind rings, running {@code process(KeyedCoProcessFunction)}
 * (keyed state, a timer both callbacks register, fired on the combined watermark) or
 * {@code asOfJoin(...).process(...)}, then a sink. On the deterministic scheduler the calling
 * thread publishes and runs every task; on the threaded one the publishing thread runs the
 * sources' chains and the keyed edges, and the task threads the rest. The records are made
 * beforehand; once the keys' state, timers and pooled buckets exist, nothing grows.
 */
@Tag("allocation")
final class TwoInputPipelineAllocationTest {
    private static final int KEYS = 100;
    private static final int ROUNDS = 100_000;
    private static final Duration TIMEOUT = Duration.ofMinutes(1);
    private static final ValueStateDescriptor<long[]> TOTAL = new ValueStateDescriptor<>("total");

    /** A pre-made record. */
    record Tick(String key, long value) {
    }

    /** Counts what each instance of the two-input stage emits, without allocating. */
    static final class Counts implements Sink<Tick> {
        private final long[][] parts = {new long[16], new long[16]};

        @Override
        public void accept(final Tick value, final long timestamp) {
            throw new IllegalStateException("every instance counts its own");
        }

        @Override
        public Sink<Tick> instance(final int instance, final int parallelism) {
            final long[] part = parts[instance];
            return (value, timestamp) -> part[0]++;
        }

        long total() {
            return parts[0][0] + parts[1][0];
        }
    }

    /** Sums a key's first input in keyed state and emits each record of the second; both register the key's timer of the period. */
    static final class Totals implements KeyedCoProcessFunction<String, Tick, Tick, Tick> {
        @Override
        public void processElement1(final Tick value, final Context<String> ctx, final Collector<Tick> out) {
            final ValueState<long[]> total = ctx.state(TOTAL);
            final long[] holder = total.value();
            if (holder == null) {
                total.update(new long[] {value.value()});
            } else {
                holder[0] += value.value();
            }
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 100 * 100 + 99);
        }

        @Override
        public void processElement2(final Tick value, final Context<String> ctx, final Collector<Tick> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 100 * 100 + 99);
            out.collect(value);
        }
    }

    /** The two-input step measured. */
    enum Shape {
        /** {@code left.keyBy.connect(right.keyBy).parallelism(2).process(KeyedCoProcessFunction)}: one result per right record. */
        KEYED_CO_PROCESS {
            @Override
            DataStream<Tick> build(final KeyedStream<Tick, String> left, final KeyedStream<Tick, String> right) {
                return left.connect(right).parallelism(2).process(new Totals());
            }
        },
        /** {@code left.keyBy.asOfJoin(right.keyBy).parallelism(2).process(...)}: one result per left record. */
        AS_OF_JOIN {
            @Override
            DataStream<Tick> build(final KeyedStream<Tick, String> left, final KeyedStream<Tick, String> right) {
                return left.asOfJoin(right).parallelism(2).<Tick>process((l, r, ctx, out) -> out.collect(r == null ? l : r));
            }
        };

        abstract DataStream<Tick> build(KeyedStream<Tick, String> left, KeyedStream<Tick, String> right);
    }

    private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final long thread = Thread.currentThread().getId();
    private final Tick[] ticks = new Tick[KEYS];
    private final Counts counts = new Counts();

    TwoInputPipelineAllocationTest() {
        for (int i = 0; i < KEYS; i++) {
            ticks[i] = new Tick("key-" + i, i);
        }
    }

    private StreamPipeline pipeline(final Shape shape, final Publisher<Tick>[] publishers) {
        final StreamPipeline pipeline = StreamPipeline.named("two-input-allocation").stateBackend(HeapStateBackend.INSTANCE);
        publishers[0] = pipeline.publisher("left");
        publishers[1] = pipeline.publisher("right");
        shape.build(pipeline.from(publishers[0], WatermarkStrategy.<Tick>explicit()).keyBy(Tick::key),
                pipeline.from(publishers[1], WatermarkStrategy.<Tick>explicit()).keyBy(Tick::key)).sink(counts);
        return pipeline;
    }

    /** Round t: a right record at t - 3 and a left one at t, of key t % 100; every 100 rounds both watermarks move to t - 500. */
    private void publish(final Publisher<Tick> left, final Publisher<Tick> right, final int from) {
        for (int t = from; t < from + ROUNDS; t++) {
            final Tick tick = ticks[t % KEYS];
            right.publish(tick, t - 3);
            left.publish(tick, t);
            if (t % 100 == 99) {
                left.emitWatermark(t - 500);
                right.emitWatermark(t - 500);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    @SuppressWarnings("unchecked")
    void aTwoInputPipelineOnTheDeterministicSchedulerAllocatesNothingPerRecord(final Shape shape) {
        final Publisher<Tick>[] publishers = new Publisher[2];
        final StreamPipeline pipeline = pipeline(shape, publishers);
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            publish(publishers[0], publishers[1], 0);
            final long emittedBefore = counts.total();
            final long before = threads.getThreadAllocatedBytes(thread);
            publish(publishers[0], publishers[1], ROUNDS);
            final long allocated = threads.getThreadAllocatedBytes(thread) - before;
            assertTrue(allocated < ROUNDS, shape + " allocated " + allocated + " bytes for " + 2 * ROUNDS + " records");
            // the co-process emits every right record at once; the as-of join every left one up to the watermark
            final long emitted = counts.total() - emittedBefore;
            assertEquals(ROUNDS, emitted);
            publishers[0].end();
            publishers[1].end();
            running.runToEnd();
        }
        assertEquals(2L * ROUNDS, counts.total());
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    @SuppressWarnings("unchecked")
    void aTwoInputPipelineOnTheThreadedSchedulerAllocatesNothingPerRecord(final Shape shape) throws InterruptedException {
        final Publisher<Tick>[] publishers = new Publisher[2];
        final StreamPipeline pipeline = pipeline(shape, publishers);
        try (RunningPipeline running = pipeline.clock(new VirtualClock(0)).start()) {
            final List<Thread> taskThreads = running.threads();
            publish(publishers[0], publishers[1], 0);
            assertTrue(running.awaitQuiescent(TIMEOUT), "the tasks caught up");
            final long before = threads.getThreadAllocatedBytes(thread);
            final long tasksBefore = allocatedBytes(taskThreads);
            publish(publishers[0], publishers[1], ROUNDS);
            final long publisherAllocated = threads.getThreadAllocatedBytes(thread) - before;
            assertTrue(running.awaitQuiescent(TIMEOUT), "the tasks caught up");
            final long tasksAllocated = allocatedBytes(taskThreads) - tasksBefore;
            assertTrue(publisherAllocated < ROUNDS, shape + ": the publishing thread allocated " + publisherAllocated + " bytes for "
                    + 2 * ROUNDS + " records");
            assertTrue(tasksAllocated < ROUNDS, shape + ": the task threads allocated " + tasksAllocated + " bytes for " + 2 * ROUNDS
                    + " records");
            publishers[0].end();
            publishers[1].end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
        }
        assertEquals(2L * ROUNDS, counts.total());
    }

    private long allocatedBytes(final List<Thread> taskThreads) {
        long bytes = 0;
        for (final Thread taskThread : taskThreads) {
            bytes += threads.getThreadAllocatedBytes(taskThread.getId());
        }
        return bytes;
    }
}
