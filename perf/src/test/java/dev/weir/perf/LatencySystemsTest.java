package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.Harness;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The latency benchmark's systems, driven by the harness: the bare hop (spinning and parking producer) and Weir's
 * keyed hop deliver every tick once and measure exactly the measured ones, in every round (a short, flat-out run:
 * the figures themselves are the benchmark's business).
 */
final class LatencySystemsTest {
    private static final int WARM_UP = 10_000;
    private static final int MEASURED = 40_000;

    @Test
    void theBareHopAndWeirMeasureEveryMeasuredTickOfEveryRound() throws InterruptedException {
        final List<SystemResult> results = new Harness<>(SystemNanoClock.INSTANCE, new TickPool(1 << 12, 100, 1_000))
                .system("bare", arrivals -> DisruptorHop.bare(256, false, arrivals))
                .system("bare, parking", arrivals -> DisruptorHop.bare(256, true, arrivals))
                .system("weir", arrivals -> new WeirKeyedHop(256, IdleStrategyKind.BACKOFF, arrivals))
                .run(new BenchmarkPlan(new long[] {BenchmarkPlan.FLAT_OUT}, WARM_UP, MEASURED, 2));
        assertEquals(List.of("bare", "bare, parking", "weir"), results.stream().map(SystemResult::system).toList());
        for (final SystemResult result : results) {
            assertEquals(2 * MEASURED, result.histogram().getTotalCount(), result.system());
            assertEquals(2, result.runs().size(), result.system());
            for (final SystemResult run : result.runs()) {
                assertEquals(MEASURED, run.histogram().getTotalCount(), result.system());
            }
            assertEquals(0, result.unattributed(), result.system());
        }
    }
}
