package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.runtime.IdleStrategyKind;
import org.junit.jupiter.api.Test;

/**
 * The throughput benchmark compares like with like: the single-thread baseline, the
 * two-thread hand-written version and Weir's pipeline at parallelism 1 and 2 compute the same
 * window results from the same ticks
 * (a small run, so the build stays fast; the benchmark itself is not run here).
 */
final class AggregationAgreementTest {
    private static final long RECORDS = 200_000;
    private static final int KEYS = 100;
    private static final long RECORDS_PER_WINDOW = 20_000;

    @Test
    void baselineAndWeirAgreeAtParallelismOneAndTwo() throws InterruptedException {
        final ResultTotals baseline = new ResultTotals();
        new SingleThreadAggregation(new TickPool(1 << 12, KEYS), RECORDS_PER_WINDOW, 1_000).run(RECORDS, baseline);
        assertEquals(RECORDS / RECORDS_PER_WINDOW * KEYS, baseline.results());
        assertEquals(RECORDS, baseline.count());
        long expectedSum = 0;
        for (long i = 0; i < RECORDS; i++) {
            expectedSum += i & 1023;
        }
        assertEquals(expectedSum, baseline.sum());
        final ResultTotals twoThreads = new ResultTotals();
        new TwoThreadAggregation(new TickPool(1 << 12, KEYS), RECORDS_PER_WINDOW, 1_000, 256).run(RECORDS, twoThreads);
        assertEquals(baseline.toString(), twoThreads.toString(), "two threads");
        for (int parallelism = 1; parallelism <= 2; parallelism++) {
            for (final boolean batched : new boolean[] {false, true}) {
                final ResultTotals weir = new ResultTotals();
                final WeirWindowAggregation pipeline = new WeirWindowAggregation(new TickPool(1 << 12, KEYS), RECORDS_PER_WINDOW, 1_000,
                        parallelism, IdleStrategyKind.BACKOFF, 256, batched, weir);
                pipeline.start();
                pipeline.run(RECORDS);
                assertEquals(baseline.toString(), weir.toString(), "parallelism " + parallelism + (batched ? ", batched" : ""));
            }
        }
    }
}
