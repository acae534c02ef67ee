package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link WatermarkGeneration}: the records' event times and the watermarks the generator emits for them. */
class WatermarkGenerationTest {
    @Test
    void everyFourthRecordIsLate() {
        final WatermarkGeneration benchmark = generation(1);
        for (long r = 1; r <= 100; r++) {
            assertEquals(r % 4 == 0 ? 3 * r - WatermarkGeneration.LATE : 3 * r, benchmark.onEvent());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 100})
    void theWatermarkTrailsTheLargestEventTimeByTheBoundAfterEachEmit(final int recordsPerEmit) {
        final WatermarkGeneration benchmark = generation(recordsPerEmit);
        long expected = Long.MIN_VALUE;
        for (long r = 1; r <= 400; r++) {
            if (r % recordsPerEmit == 0) {
                // the largest event time so far: the record's own unless it is late, then its predecessor's
                final long largest = r % 4 == 0 ? 3 * (r - 1) : 3 * r;
                expected = largest - WatermarkGeneration.OUT_OF_ORDERNESS - 1;
            }
            assertEquals(expected, benchmark.onEventThenEmit(), "after record " + r);
        }
    }

    private static WatermarkGeneration generation(final int recordsPerEmit) {
        final WatermarkGeneration benchmark = new WatermarkGeneration();
        benchmark.recordsPerEmit = recordsPerEmit;
        benchmark.createGenerator();
        return benchmark;
    }
}
