package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.runtime.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.AggregateFunction;
import dev.weir.time.VirtualClock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The state entries and off-heap bytes of each window instance on the Chronicle backend, in
 * the metrics snapshot and through JMX while the pipeline runs; both drop when the windows
 * fire and their state is cleared.
 */
class OffHeapStateMetricsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** Counts the records of a window. */
    private static final class Count implements AggregateFunction<String, long[], Long> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(final String value, final long[] accumulator) {
            accumulator[0]++;
            return accumulator;
        }

        @Override
        public Long getResult(final long[] accumulator) {
            return accumulator[0];
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            a[0] += b[0];
            return a;
        }
    }

    @Test
    void stateEntriesAndOffHeapBytesOfEachInstanceAreVisibleInMetricsAndJmx() throws Exception {
        final StreamPipeline pipeline = StreamPipeline.named("offheap-metrics").clock(new VirtualClock(0))
                .stateBackend(new ChronicleStateBackend(ChronicleStateConfig.defaults()));
        final Publisher<String> keys = pipeline.publisher("keys");
        pipeline.from(keys, WatermarkStrategy.<String>explicit())
                .keyBy(key -> key)
                .window(TumblingEventTimeWindows.of(1000))
                .aggregate(new Count())
                .sink((count, timestamp) -> { });
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final ObjectName keyed = new ObjectName("dev.weir:type=Operator,pipeline=offheap-metrics,task=offheap-metrics-keyed-1-0");
        try (RunningPipeline running = pipeline.start()) {
            for (int i = 0; i < 50; i++) {
                keys.publish("k" + i, 100);
                keys.publish("k" + i, 1100);
            }
            assertTrue(running.awaitQuiescent(TIMEOUT));

            OperatorMetrics window = running.metrics().stage("keyed-1").get(0).operators().get(0);
            assertEquals(100, window.stateEntries(), "50 keys x 2 windows");
            assertTrue(window.stateOffHeapBytes() > 0, "off-heap bytes " + window.stateOffHeapBytes());
            assertEquals(100L, server.getAttribute(keyed, "StateEntries"));
            assertEquals(window.stateOffHeapBytes(), server.getAttribute(keyed, "StateOffHeapBytes"));

            keys.emitWatermark(999);
            assertTrue(running.awaitQuiescent(TIMEOUT));
            window = running.metrics().stage("keyed-1").get(0).operators().get(0);
            assertEquals(50, window.stateEntries(), "the first windows fired and were cleared");
            keys.end();
            assertTrue(running.awaitTermination(TIMEOUT));
        }
    }
}
