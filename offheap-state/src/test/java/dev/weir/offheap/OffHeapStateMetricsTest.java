package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
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

    @Test
    void stateEntriesAndOffHeapBytesOfEachInstanceAreVisibleInMetricsAndJmx() throws Exception {
        final StreamPipeline pipeline = StreamPipeline.named("offheap-metrics").clock(new VirtualClock(0))
                .stateBackend(new ChronicleStateBackend(ChronicleStateConfig.defaults()));
        final Publisher<Long> keys = pipeline.publisher("keys");
        pipeline.from(keys, WatermarkStrategy.<Long>explicit())
                .keyBy(key -> key)
                .window(TumblingEventTimeWindows.of(1000))
                .aggregate(CountSum.FUNCTION)
                .sink((countAndSum, timestamp) -> { });
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final ObjectName keyed = new ObjectName("dev.weir:type=Operator,pipeline=offheap-metrics,task=offheap-metrics-keyed-1-0");
        try (RunningPipeline running = pipeline.start()) {
            for (long key = 0; key < 50; key++) {
                keys.publish(key, 100);
                keys.publish(key, 1100);
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
