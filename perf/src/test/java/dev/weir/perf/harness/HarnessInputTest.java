package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.perf.harness.ProbeEvents.Probe;
import org.junit.jupiter.api.Test;

/** Plans and harnesses refuse what cannot be run, each with one message naming the value. */
final class HarnessInputTest {
    @Test
    void aPlanNeedsRatesEachPositiveOrFlatOut() {
        assertEquals("rates must be at least one, each positive or FLAT_OUT: []",
                assertThrows(IllegalArgumentException.class, () -> new BenchmarkPlan(new long[0], 0, 1, 1)).getMessage());
        assertEquals("rates must be at least one, each positive or FLAT_OUT: [1000, -5]",
                assertThrows(IllegalArgumentException.class, () -> new BenchmarkPlan(new long[] {1000, -5}, 0, 1, 1)).getMessage());
    }

    @Test
    void aPlanNeedsAWarmUpOfZeroOrMoreAndAtLeastOneMeasuredEventAndRound() {
        for (final long[] counts : new long[][] {{-1, 1, 1}, {0, 0, 1}, {0, 1, 0}}) {
            assertEquals("warm-up must be >= 0, measured events and rounds >= 1: " + counts[0] + ", " + counts[1] + ", " + counts[2],
                    assertThrows(IllegalArgumentException.class,
                            () -> new BenchmarkPlan(new long[] {1}, counts[0], counts[1], (int) counts[2])).getMessage());
        }
    }

    @Test
    void aPlanKeepsItsRatesAndLabelsFlatOutAsMax() {
        final long[] rates = {100_000, BenchmarkPlan.FLAT_OUT};
        final BenchmarkPlan plan = new BenchmarkPlan(rates, 5, 10, 3);
        rates[0] = 7;
        assertEquals(100_000, plan.rates()[0]);
        assertEquals("100000", BenchmarkPlan.label(100_000));
        assertEquals("max", BenchmarkPlan.label(BenchmarkPlan.FLAT_OUT));
    }

    @Test
    void systemNamesAreUnique() {
        final Harness<Probe> harness = new Harness<>(new SteppingClock(0), new ProbeEvents()).system("a", arrivals -> new SilentPipeline());
        assertEquals("a system named 'a' was already added",
                assertThrows(IllegalArgumentException.class, () -> harness.system("a", arrivals -> new SilentPipeline())).getMessage());
    }

    @Test
    void aHarnessWithoutSystemsRefusesToRun() {
        final Harness<Probe> harness = new Harness<>(new SteppingClock(0), new ProbeEvents());
        assertEquals("no system to benchmark: add one with system(name, factory)",
                assertThrows(IllegalStateException.class, () -> harness.run(new BenchmarkPlan(new long[] {1}, 0, 1, 1))).getMessage());
    }
}
