package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Steady allocation counts what the thread allocated between its first and last sample, per unit of work in
 * between: samples once the work is done (the flush at the end) are left out, and fewer than two samples
 * measure nothing.
 */
@Tag("allocation")
final class SteadyAllocationTest {
    /** Keeps the arrays reachable, so that no compiler removes their allocation. */
    private final Object[] kept = new Object[3];

    @Test
    void bytesBetweenTheFirstAndLastSampleBeforeTheEndPerUnit() {
        final SteadyAllocation allocation = new SteadyAllocation(1_000);
        allocation.sample(100);
        kept[0] = new long[10_000]; // 80,000 bytes and a header
        allocation.sample(300);
        kept[1] = new long[5_000];
        allocation.sample(500);
        kept[2] = new long[100_000]; // after the work is done: the end's flush, left out
        allocation.sample(1_000);
        final double perUnit = allocation.bytesPer(1);
        // 120,000 bytes of arrays over 400 units, plus at most a few headers
        assertTrue(perUnit >= 300 && perUnit < 301, perUnit + " bytes per unit");
        // 4 messages per unit sampled
        assertEquals(perUnit / 4, allocation.bytesPer(4), 1e-9);
    }

    @Test
    void fewerThanTwoSamplesBeforeTheEndMeasureNothing() {
        final SteadyAllocation none = new SteadyAllocation(10);
        none.sample(10);
        assertTrue(Double.isNaN(none.bytesPer(1)));
        final SteadyAllocation one = new SteadyAllocation(10);
        one.sample(5);
        one.sample(10);
        assertTrue(Double.isNaN(one.bytesPer(1)));
    }
}
