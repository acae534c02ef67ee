package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The watermark log attributes each result to the first logged watermark at or past its window's last timestamp, and
 * a result no logged watermark fired (one fired by the end of the input) leaves the reader where it was: a keyed stage
 * of two instances may deliver one instance's end-of-input results before the other's watermark-fired ones.
 */
final class WatermarkOriginsTest {
    private final WatermarkOrigins origins = new WatermarkOrigins(8);

    @Test
    void attributesToTheFirstWatermarkAtOrPastTheWindow() {
        origins.log(999, 10);
        origins.log(1_999, 20);
        origins.log(2_999, 30);
        assertEquals(10, origins.intendedNanosOfFiring(999));
        assertEquals(20, origins.intendedNanosOfFiring(1_500));
        assertEquals(20, origins.intendedNanosOfFiring(1_999));
        assertEquals(30, origins.intendedNanosOfFiring(2_999));
    }

    @Test
    void anEndOfInputResultLeavesTheReaderForTheOtherInstancesResults() {
        origins.log(999, 10);
        origins.log(1_999, 20);
        // one instance finished first: its last window was fired by the end of the input
        assertEquals(WatermarkOrigins.UNKNOWN, origins.intendedNanosOfFiring(2_999));
        // the other instance's windows were fired by the logged watermarks
        assertEquals(10, origins.intendedNanosOfFiring(999));
        assertEquals(20, origins.intendedNanosOfFiring(1_999));
        assertEquals(WatermarkOrigins.UNKNOWN, origins.intendedNanosOfFiring(2_999));
    }

    @Test
    void aLappedReaderAnswersUnknownAndCatchesUp() {
        for (int i = 0; i < 10; i++) {
            origins.log(i * 1_000L + 999, i);
        }
        // 10 logged, 8 held: the first two were overwritten before the reader came
        assertEquals(WatermarkOrigins.UNKNOWN, origins.intendedNanosOfFiring(999));
        assertEquals(2, origins.intendedNanosOfFiring(2_999));
        assertEquals(9, origins.intendedNanosOfFiring(9_999));
    }
}
