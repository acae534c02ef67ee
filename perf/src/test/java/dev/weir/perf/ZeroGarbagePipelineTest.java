package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.api.StreamPipeline;
import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.CountSum;
import dev.weir.state.CountSumAggregate;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hot path allocates nothing in steady state (a rule of the house in docs/architecture.md), measured on the threaded
 * runtime: publisher -> keyBy -> 1 s tumbling count+sum -> sink, with each state backend (the
 * off-heap one keeps its accumulators in its write-back cache and Chronicle Map). After a
 * warm-up, the task threads allocate less than one byte per record on average while a million
 * records pass (window setup and firing included, amortized over the records of a window).
 */
final class ZeroGarbagePipelineTest {
    private static final int KEYS = 1_000;
    private static final long WINDOW_MILLIS = 1_000;
    private static final int RECORDS_PER_WINDOW = 500_000;
    private static final int WARM_UP_WINDOWS = 4;
    private static final int MEASURED_WINDOWS = 2;
    private static final int MEASURED_RECORDS = MEASURED_WINDOWS * RECORDS_PER_WINDOW;
    private static final long TIMEOUT_SECONDS = 60;

    /** Totals the results on the task thread (no allocation) and opens a latch per watermark reached. */
    static final class TotallingSink implements Sink<CountSum> {
        private final long[] phaseWatermarks;
        private final CountDownLatch[] phases;
        long results;
        long count;
        long sum;

        TotallingSink(final long... phaseWatermarks) {
            this.phaseWatermarks = phaseWatermarks.clone();
            this.phases = new CountDownLatch[phaseWatermarks.length];
            for (int i = 0; i < phases.length; i++) {
                phases[i] = new CountDownLatch(1);
            }
        }

        @Override
        public void accept(final CountSum value, final long timestamp) {
            results++;
            count += value.count();
            sum += value.sum();
        }

        @Override
        public void watermark(final long watermark) {
            for (int i = 0; i < phaseWatermarks.length; i++) {
                if (watermark >= phaseWatermarks[i]) {
                    phases[i].countDown();
                }
            }
        }

        boolean awaitPhase(final int phase) throws InterruptedException {
            return phases[phase].await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest(name = "{0} state")
    @ValueSource(strings = {"heap", "chronicle"})
    void taskThreadsAllocateLessThanOneBytePerRecordOfATumblingAggregate(final String state) throws InterruptedException {
        final Tick[] ticks = new Tick[KEYS];
        for (int key = 0; key < KEYS; key++) {
            ticks[key] = new Tick().set(key, key, key % 100, 0, 0);
        }
        final StateBackend backend = state.equals("heap") ? HeapStateBackend.INSTANCE
                : new ChronicleStateBackend(ChronicleStateConfig.defaults());
        final long warmUpEnd = WARM_UP_WINDOWS * WINDOW_MILLIS;
        final long measuredEnd = warmUpEnd + MEASURED_WINDOWS * WINDOW_MILLIS;
        final TotallingSink sink = new TotallingSink(warmUpEnd - 1, measuredEnd - 1);
        final StreamPipeline pipeline = StreamPipeline.named("zero-garbage").stateBackend(backend);
        final Publisher<Tick> publisher = pipeline.publisher("ticks");
        pipeline.from(publisher, WatermarkStrategy.<Tick>explicit())
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(WINDOW_MILLIS))
                .aggregate(new CountSumAggregate<>(Tick::price))
                .sink(sink);
        final ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (RunningPipeline running = pipeline.start()) {
            final List<Thread> taskThreads = running.threads();
            assertFalse(taskThreads.isEmpty());

            publishWindows(publisher, ticks, 0, WARM_UP_WINDOWS);
            publisher.emitWatermark(warmUpEnd - 1);
            assertTrue(sink.awaitPhase(0), "the warm-up windows did not fire");
            final long before = allocatedBytes(mx, taskThreads);

            publishWindows(publisher, ticks, WARM_UP_WINDOWS, MEASURED_WINDOWS);
            publisher.emitWatermark(measuredEnd - 1);
            assertTrue(sink.awaitPhase(1), "the measured windows did not fire");
            final long allocated = allocatedBytes(mx, taskThreads) - before;

            publisher.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(TIMEOUT_SECONDS)), "the pipeline did not end");
            assertTrue(allocated < MEASURED_RECORDS, "task threads allocated " + allocated + " bytes for "
                    + MEASURED_RECORDS + " records (" + (double) allocated / MEASURED_RECORDS + " bytes/record)");
        }
        final int windows = WARM_UP_WINDOWS + MEASURED_WINDOWS;
        long expectedSum = 0;
        for (int i = 0; i < RECORDS_PER_WINDOW; i++) {
            expectedSum += ticks[i % KEYS].price();
        }
        assertEquals((long) windows * KEYS, sink.results);
        assertEquals((long) windows * RECORDS_PER_WINDOW, sink.count);
        assertEquals(windows * expectedSum, sink.sum);
    }

    /** Publishes the windows' records, keys round-robin, timestamps spread evenly over each window. */
    private static void publishWindows(final Publisher<Tick> publisher, final Tick[] ticks, final int firstWindow, final int windows) {
        for (int window = firstWindow; window < firstWindow + windows; window++) {
            final long start = window * WINDOW_MILLIS;
            for (int i = 0; i < RECORDS_PER_WINDOW; i++) {
                publisher.publish(ticks[i % KEYS], start + i * WINDOW_MILLIS / RECORDS_PER_WINDOW);
            }
        }
    }

    private static long allocatedBytes(final ThreadMXBean mx, final List<Thread> threads) {
        long bytes = 0;
        for (final Thread thread : threads) {
            bytes += mx.getThreadAllocatedBytes(thread.getId());
        }
        return bytes;
    }
}
