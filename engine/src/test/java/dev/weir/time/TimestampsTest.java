package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** docs/semantics.md §4 "Time near the ends of long": sums and differences saturate instead of wrapping. */
class TimestampsTest {
    private static final long MAX = Long.MAX_VALUE;
    private static final long MIN = Long.MIN_VALUE;

    @Test
    void plusSaturatesAtLongMaxValue() {
        assertEquals(7, Timestamps.plus(3, 4));
        assertEquals(MAX, Timestamps.plus(MAX - 4, 4));
        assertEquals(MAX, Timestamps.plus(MAX - 4, 5));
        assertEquals(MAX, Timestamps.plus(MAX, MAX));
        assertEquals(MAX, Timestamps.plus(1, MAX));
        assertEquals(-1, Timestamps.plus(MIN, MAX));
        assertEquals(MIN, Timestamps.plus(MIN, 0));
    }

    @Test
    void minusSaturatesAtLongMinValue() {
        assertEquals(-1, Timestamps.minus(3, 4));
        assertEquals(MIN, Timestamps.minus(MIN + 4, 4));
        assertEquals(MIN, Timestamps.minus(MIN + 4, 5));
        assertEquals(MIN, Timestamps.minus(MIN, MAX));
        assertEquals(MIN, Timestamps.minus(-2, MAX));
        assertEquals(0, Timestamps.minus(MAX, MAX));
        assertEquals(MAX, Timestamps.minus(MAX, 0));
    }
}
