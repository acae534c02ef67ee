package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The percentile accumulator: growth, merging, nearest ranks, and the empty case. */
class SampleValuesTest {
    @Test
    void valuesGrowPastTheInitialArrayAndMergeWhole() {
        final PercentileAggregate aggregate = new PercentileAggregate();
        final SampleValues a = aggregate.createAccumulator();
        final SampleValues b = aggregate.createAccumulator();
        for (int i = 1000; i >= 1; i--) {
            (i % 2 == 0 ? a : b).add(i);
        }
        assertEquals(500, a.count());
        final SampleValues merged = aggregate.merge(a, b);
        assertEquals(1000, merged.count());
        assertEquals(new Percentiles(1000, 500, 990, 1000), aggregate.getResult(merged));
        final SampleValues small = new SampleValues();
        small.add(2);
        assertEquals(new Percentiles(1001, 500, 990, 1000), aggregate.getResult(aggregate.merge(small, merged)));
    }

    @Test
    void nearestRanksAreTheCeilingOfTheShare() {
        assertEquals(1, SampleValues.nearestRank(50, 1));
        assertEquals(1, SampleValues.nearestRank(99, 1));
        assertEquals(1, SampleValues.nearestRank(50, 2));
        assertEquals(2, SampleValues.nearestRank(99, 2));
        assertEquals(50, SampleValues.nearestRank(50, 100));
        assertEquals(99, SampleValues.nearestRank(99, 100));
        assertEquals(51, SampleValues.nearestRank(50, 101));
        assertEquals(100, SampleValues.nearestRank(99, 101));
        assertEquals(100, SampleValues.nearestRank(100, 100));
        assertEquals(2_000_000_000, SampleValues.nearestRank(100, 2_000_000_000));
    }

    @Test
    void anEmptyWindowHasNoPercentiles() {
        assertThrows(IllegalStateException.class, () -> new SampleValues().percentiles());
    }
}
