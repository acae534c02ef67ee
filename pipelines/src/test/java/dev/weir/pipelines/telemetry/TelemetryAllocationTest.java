package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ResultRow;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The pipelines in steady state, on the deterministic scheduler (every task on this thread, so the thread's
 * allocated-bytes counter sees them all): 50 series on 10 hosts, one event per millisecond, windows firing all
 * the time. What is allocated is per window (an accumulator, a row), not per event; the percentile windows'
 * arrays grow by doubling, so their values cost at most a few times their 8 bytes, amortized.
 */
@Tag("allocation")
class TelemetryAllocationTest {
    private static final int EVENTS = 400_000;
    private static final int SERIES = 50;

    /** @return bytes allocated per event over the second half of the input, after the first half warmed up */
    private static double bytesPerEvent(final ReplayJob<MetricSample> job, final long[] rows) {
        final StreamPipeline pipeline = StreamPipeline.named(job.name()).stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<MetricSample> capture = pipeline.publisher("capture");
        final Sink<ResultRow> sink = (row, timestamp) -> rows[0]++;
        job.results(pipeline.from(capture, WatermarkStrategy.explicit()), new ReplayContext(warning -> { }, 1024)).sink(sink);
        final Series[] series = new Series[SERIES];
        for (int i = 0; i < SERIES; i++) {
            series[i] = new Series(new Host("10.0.0." + i % 10), "m" + i);
        }
        final MetricSample sample = new MetricSample();
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long before = 0;
        long after;
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            long time = 1_700_000_000_000L;
            for (int i = 0; i < EVENTS; i++) {
                if (i == EVENTS / 2) {
                    before = threads.getThreadAllocatedBytes(thread);
                }
                time++;
                final Series key = series[i % SERIES];
                if (i % 2 == 0) {
                    capture.publish(sample.packet(key.host()), time);
                } else {
                    // a third of the events are timer values, a sixth counters
                    capture.publish(sample.metric(key, i % 3 == 0 ? MetricType.COUNTER : MetricType.TIMER, i % 100, 0.5, false), time);
                }
                if (i % 200 == 0) {
                    capture.emitWatermark(time - JobRun.BOUND - 1);
                }
            }
            after = threads.getThreadAllocatedBytes(thread);
            capture.end();
            running.runToEnd();
        }
        return (after - before) / (double) (EVENTS / 2);
    }

    @Test
    void silentHostsAllocatesNothingPerPacket() {
        final long[] rows = new long[1];
        final double bytes = bytesPerEvent(new SilentHostsJob(), rows);
        assertTrue(bytes < 0.1, bytes + " bytes per event");
        assertEquals(0, rows[0]);
    }

    @Test
    void countersAllocatePerWindowOnly() {
        final long[] rows = new long[1];
        final double bytes = bytesPerEvent(new StatsdCountersJob(), rows);
        // 10,000 events per 10 s window, 50 series: about 200 events per window and series
        assertTrue(bytes < 1, bytes + " bytes per event");
        final Set<String> windows = new HashSet<>(); // the (series, window) pairs with a counter, from the input's rule
        for (int i = 1; i < EVENTS; i += 2) {
            if (i % 3 == 0) {
                windows.add(i % SERIES + "/" + (1_700_000_000_000L + i + 1) / 10_000);
            }
        }
        assertEquals(windows.size(), rows[0]);
    }

    @Test
    void percentilesAllocatePerWindowAndAmortizedGrowthOnly() {
        final long[] rows = new long[1];
        final double bytesPerValue = bytesPerEvent(new StatsdPercentilesJob(), rows) * 3; // a third of the events are values
        // about 67 values per window and series: arrays of 16, 32, 64 and 128 doubles, 30 bytes per value; far less with more
        assertTrue(bytesPerValue < 40, bytesPerValue + " bytes per value");
    }
}
