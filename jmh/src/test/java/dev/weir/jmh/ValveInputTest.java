package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ValveInput}: the channels' minimum moves with every operation, idle or not. */
class ValveInputTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8, 64})
    void everyWatermarkMovesTheMinimumByOne(final int channels) {
        final ValveInput benchmark = valve(channels);
        assertEquals(1, benchmark.emittedWatermarks(), "channels hold 1 to " + channels + " after set-up");
        for (int k = 1; k <= 3 * channels; k++) {
            assertEquals(k + 1, benchmark.watermark());
        }
        assertEquals(3 * channels + 1, benchmark.emittedWatermarks());
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 8, 64})
    void aChannelThatFlapsIdleStillMovesTheMinimumByOne(final int channels) {
        final ValveInput benchmark = valve(channels);
        for (int k = 1; k <= 3 * channels; k++) {
            // the idle slowest channel leaves the others' minimum, one above it; its watermark keeps it there
            assertEquals(k + 1, benchmark.idleChurn());
        }
        assertEquals(3 * channels + 1, benchmark.emittedWatermarks());
    }

    private static ValveInput valve(final int channels) {
        final ValveInput benchmark = new ValveInput();
        benchmark.channels = channels;
        benchmark.createValve();
        return benchmark;
    }
}
