package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link WatermarkGeneration}: the records' event times and the watermarks the generator emits for them. */
class WatermarkGenerationTest {
    @Test
    void everyFourthRecordIsLate() {
        final WatermarkGeneration benchmark = generation();
        for (long r = 1; r <= 100; r++) {
            assertEquals(r % 4 == 0 ? 3 * r - WatermarkGeneration.LATE : 3 * r, benchmark.onEvent());
        }
    }

    @Test
    void theWatermarkTrailsTheLargestEventTimeByTheBound() {
        final WatermarkGeneration benchmark = generation();
        for (long r = 1; r <= 400; r++) {
            // the largest event time so far: the record's own unless it is late, then its predecessor's
            final long largest = r % 4 == 0 ? 3 * (r - 1) : 3 * r;
            assertEquals(largest - WatermarkGeneration.OUT_OF_ORDERNESS - 1, benchmark.onEventThenEmit(), "after record " + r);
        }
    }

    private static WatermarkGeneration generation() {
        final WatermarkGeneration benchmark = new WatermarkGeneration();
        benchmark.createGenerator();
        return benchmark;
    }
}
