package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.Harness;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackends;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The throughput benchmark compares like with like: driven by the harness, the single-thread baseline, the
 * two-thread hand-written version and Weir's pipeline at parallelism 1 and 2 (published batched and one by one, heap
 * and default state) compute the same window results from the same ticks in every run, and report every result they
 * fire to the harness (a small run, so the build stays fast; the benchmark itself is not run here).
 */
final class ThroughputSystemsTest {
    private static final long RECORDS = 200_000;
    private static final int KEYS = 100;
    private static final long RECORDS_PER_WINDOW = 20_000;
    private static final long WINDOWS = RECORDS / RECORDS_PER_WINDOW;
    private static final long WINDOW_MILLIS = 1_000;
    private static final int ROUNDS = 1;

    @Test
    void everySystemComputesTheSameResultsAndReportsEachOne() throws InterruptedException {
        final Map<String, ResultTotals> latest = new HashMap<>();
        final Harness<Tick> harness = new Harness<>(SystemNanoClock.INSTANCE, new TickPool(1 << 12, KEYS, RECORDS_PER_WINDOW / WINDOW_MILLIS));
        harness.system("loop", arrivals -> new SingleThreadAggregation(KEYS, WINDOW_MILLIS, totals(latest, "loop"), arrivals));
        harness.system("2 threads", arrivals -> DisruptorHop.aggregating(KEYS, WINDOW_MILLIS, 256, totals(latest, "2 threads"), arrivals));
        for (int parallelism = 1; parallelism <= 2; parallelism++) {
            for (final boolean batched : new boolean[] {false, true}) {
                final int p = parallelism;
                final String name = "weir p" + p + (batched ? " batched" : "");
                // watermarks every millisecond, so windows are fired by watermarks within this short run
                harness.system(name, arrivals -> new WeirWindowAggregation(WINDOW_MILLIS, p, IdleStrategyKind.BACKOFF, 256, batched, 1,
                        p == 1 ? HeapStateBackend.INSTANCE : StateBackends.defaultBackend(), totals(latest, name), arrivals));
            }
        }
        long expectedSum = 0;
        for (long i = 0; i < RECORDS; i++) {
            expectedSum += i & 1023;
        }
        final String expected = WINDOWS * KEYS + " results, count " + RECORDS + ", sum " + expectedSum;
        final int[] runs = new int[1];
        final List<SystemResult> results = harness.onRun((round, warmUp, run) -> {
            runs[0]++;
            assertEquals(expected, latest.get(run.system()).toString(), run.system() + ", round " + round);
        }).run(new BenchmarkPlan(new long[] {BenchmarkPlan.FLAT_OUT}, 0, RECORDS, ROUNDS).withWarmUpRounds(1));
        assertEquals(6 * (1 + ROUNDS), runs[0]);
        assertEquals(6, results.size());
        for (final SystemResult result : results) {
            assertEquals(ROUNDS, result.runs().size(), result.system());
            if (result.system().startsWith("weir")) {
                // a result is measured when a watermark fired it; those the end of the input fired are counted apart
                assertEquals(ROUNDS * WINDOWS * KEYS, result.histogram().getTotalCount() + result.unattributed(), result.system());
            } else {
                // the baselines report what a record fired (every window but the last); the end's firing is not reported
                assertEquals(ROUNDS * (WINDOWS - 1) * KEYS, result.histogram().getTotalCount(), result.system());
                assertEquals(0, result.unattributed(), result.system());
            }
        }
    }

    private static ResultTotals totals(final Map<String, ResultTotals> latest, final String system) {
        final ResultTotals totals = new ResultTotals();
        latest.put(system, totals);
        return totals;
    }
}
