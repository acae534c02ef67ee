package dev.weir.pipelines.telemetry;

import static dev.weir.pipelines.telemetry.JobRun.Step.metric;
import static dev.weir.pipelines.telemetry.JobRun.Step.packet;
import static dev.weir.pipelines.telemetry.JobRun.Step.sampled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.statsd.MetricType;
import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.state.HeapStateBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The telemetry pipelines' keys and state ({@link Host}, {@link Series}, {@link SampleValues}, {@link CounterSum},
 * {@link HostActivity}) go through off-heap state: with a cache of two entries every access writes entries out to
 * the map and reads them back, a window of 2,000 values included, and the rows are the same as on the heap.
 */
class TelemetryStateTest {
    private static final long T0 = 1_700_000_000_000L;

    static Stream<ReplayJob<MetricSample>> jobs() {
        return Stream.of(new StatsdPercentilesJob(), new StatsdCountersJob(), new SilentHostsJob());
    }

    private static List<JobRun.Step> input() {
        final Random random = new Random(23);
        final List<JobRun.Step> steps = new ArrayList<>();
        final String[] hosts = {"10.0.0.1", "10.0.0.2", "2001:db8::1", "2001:db8::2"};
        long time = T0;
        for (int i = 0; i < 2_000; i++) {
            time += random.nextInt(300) + (random.nextInt(500) == 0 ? 35_000 : 0);
            final String host = hosts[random.nextInt(hosts.length)];
            final long at = time - random.nextInt(900);
            steps.add(switch (random.nextInt(3)) {
                case 0 -> packet(host, at);
                case 1 -> sampled(host, "hits" + random.nextInt(3), MetricType.COUNTER, random.nextInt(10), 0.5, at);
                default -> metric(host, "latency" + random.nextInt(3), MetricType.TIMER, random.nextInt(1_000) / 4.0, at);
            });
        }
        for (int i = 0; i < 2_000; i++) { // one large window: its values outgrow the map's average entry size
            steps.add(metric("10.0.0.9", "burst", MetricType.TIMER, random.nextInt(10_000), time + i));
        }
        return steps;
    }

    @ParameterizedTest
    @MethodSource("jobs")
    void rowsOnOffHeapStateThatEvictsAtEveryAccessAreTheRowsOnTheHeap(final ReplayJob<MetricSample> job) {
        final List<JobRun.Step> steps = input();
        final List<String> heap = JobRun.csv(job, steps, new ReplayContext(warning -> { }, 1024), HeapStateBackend.INSTANCE);
        final ChronicleStateConfig evicting = ChronicleStateConfig.defaults().withInitialEntries(10_000).withCacheEntries(2);
        final List<String> offHeap = JobRun.csv(job, steps, new ReplayContext(warning -> { }, 1024), new ChronicleStateBackend(evicting));
        assertEquals(heap, offHeap);
        assertTrue(heap.size() > 5, heap.size() + " rows");
    }
}
