package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** A counter window's sum past the double range is kept and given in full, never Infinity. */
class CounterSumTest {
    private static final String TWICE_MAX = "358" + "0".repeat(306);

    @Test
    void aSumWithinTheDoubleRangeIsTheDoublesShortestDecimal() {
        final CounterSum sum = new CounterSum();
        sum.add(0.1);
        sum.add(0.2);
        assertEquals(new BigDecimal("0.30000000000000004"), sum.total());
        assertEquals(0.30000000000000004, sum.sum());
    }

    @Test
    void twoCountersOfAlmostTheLargestDoubleAddUpInFull() {
        final CounterSum sum = new CounterSum();
        sum.add(1.79e308);
        sum.add(1.79e308);
        assertEquals(TWICE_MAX, sum.total().stripTrailingZeros().toPlainString());
        assertEquals(Double.POSITIVE_INFINITY, sum.sum());
        sum.add(-1.79e308);
        assertEquals(new BigDecimal("1.79E+308"), sum.total());
        sum.add(-1.79e308);
        sum.add(-1.79e308);
        assertEquals("-179" + "0".repeat(306), sum.total().stripTrailingZeros().toPlainString());
    }

    @Test
    void mergingASumPastTheRangeIntoOneWithinItKeepsBoth() {
        final CounterSum big = new CounterSum();
        big.add(1.79e308);
        big.add(1.79e308);
        final CounterSum small = new CounterSum();
        small.add(-1.79e308);
        small.add(big);
        assertEquals(new BigDecimal("1.79E+308"), small.total());
        final CounterSum other = new CounterSum();
        other.add(1.79e308);
        big.add(other);
        assertEquals("537" + "0".repeat(306), big.total().stripTrailingZeros().toPlainString());
    }
}
