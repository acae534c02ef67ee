package dev.weir.valve;

import static dev.weir.event.WatermarkStatus.ACTIVE;
import static dev.weir.event.WatermarkStatus.IDLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §2, the valve (Flink's StatusWatermarkValve): per-channel regressions ignored;
 * output = minimum over ACTIVE aligned channels, only when it rises; a channel without data holds
 * everything at MIN; IDLE channels leave the minimum; all IDLE flushes the maximum (only if the
 * last channel to go idle held the last output) and goes IDLE; a returning channel rejoins only
 * once aligned; the output never goes back.
 */
class WatermarkValveTest {
    private final RecordingSink sink = new RecordingSink();

    private WatermarkValve valve(final int channels) {
        return new WatermarkValve(channels, sink);
    }

    @Test
    void aRegressingOrEqualWatermarkOnAChannelIsIgnored() {
        final WatermarkValve valve = valve(1);
        valve.inputWatermark(5, 0);
        valve.inputWatermark(5, 0);
        valve.inputWatermark(3, 0);
        valve.inputWatermark(6, 0);

        assertEquals(List.of("WM 5", "WM 6"), sink.events);
        assertEquals(6, valve.channelWatermark(0));
    }

    @Test
    void theOutputIsTheMinimumOverActiveChannelsEmittedOnlyWhenItIncreases() {
        final WatermarkValve valve = valve(3);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(20, 1);
        valve.inputWatermark(5, 2);
        valve.inputWatermark(30, 2);
        valve.inputWatermark(25, 0);
        valve.inputWatermark(22, 1); // min(25, 22, 30) = 22
        valve.inputWatermark(27, 1); // min = 25
        valve.inputWatermark(26, 0); // min(26, 27, 30) = 26
        valve.inputWatermark(40, 2); // min(26, 27, 40): unchanged

        assertEquals(List.of("WM 5", "WM 10", "WM 20", "WM 22", "WM 25", "WM 26"), sink.events);
        assertEquals(26, valve.lastOutputWatermark());
    }

    @Test
    void aChannelThatNeverGetsDataHoldsTheOutputAtMinSoWindowsNeverFire() {
        final WatermarkValve valve = valve(2);
        for (long watermark = 1000; watermark <= 100_000; watermark += 1000) {
            valve.inputWatermark(watermark, 0);
        }

        assertEquals(List.of(), sink.events);
        assertEquals(Long.MIN_VALUE, valve.lastOutputWatermark());
        assertEquals(Long.MIN_VALUE, valve.channelWatermark(1));
        assertEquals(1, valve.minimumChannel());
        assertTrue(valve.isChannelAligned(1));
    }

    @Test
    void minimumChannelNamesTheChannelHoldingTheOutputBack() {
        final WatermarkValve valve = valve(3);
        valve.inputWatermark(50, 0);
        valve.inputWatermark(10, 1);
        valve.inputWatermark(30, 2);
        assertEquals(1, valve.minimumChannel());
        valve.inputWatermark(40, 1);
        assertEquals(2, valve.minimumChannel());
        valve.inputStatus(IDLE, 2);
        assertEquals(1, valve.minimumChannel());
        valve.inputStatus(IDLE, 0);
        valve.inputStatus(IDLE, 1);
        assertEquals(-1, valve.minimumChannel());

        assertEquals(List.of("WM 10", "WM 30", "WM 40", "WM 50", "STATUS IDLE"), sink.events);
    }

    @Test
    void aChannelThatBecomesIdleLeavesTheMinimum() {
        final WatermarkValve valve = valve(3);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(20, 1);
        valve.inputWatermark(30, 2);
        valve.inputStatus(IDLE, 0); // it held the last output: the minimum advances at once

        assertEquals(List.of("WM 10", "WM 20"), sink.events);
        assertFalse(valve.isChannelAligned(0));
        assertTrue(valve.isChannelIdle(0));
        assertEquals(1, valve.minimumChannel());
    }

    @Test
    void anIdleChannelAboveTheOutputDoesNotMoveItButNoLongerCounts() {
        final WatermarkValve valve = valve(3);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(20, 1);
        valve.inputWatermark(30, 2);
        valve.inputStatus(IDLE, 1);
        valve.inputWatermark(15, 0);
        valve.inputWatermark(40, 0); // min over channels 0 and 2 only

        assertEquals(List.of("WM 10", "WM 15", "WM 30"), sink.events);
    }

    @Test
    void aChannelGoingIdleAtTheOutputWithAnotherChannelEqualToItDoesNotEmit() {
        final WatermarkValve valve = valve(2);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(10, 1);
        valve.inputStatus(IDLE, 0);

        assertEquals(List.of("WM 10"), sink.events);
    }

    @Test
    void idlenessAdvancesTheOutputOnlyIfTheIdleChannelHeldTheLastOutput() {
        final WatermarkValve valve = valve(4);
        valve.inputWatermark(50, 3);
        valve.inputStatus(IDLE, 3);
        valve.inputWatermark(100, 0);
        valve.inputWatermark(150, 1);
        valve.inputWatermark(100, 2);   // WM 100
        valve.inputStatus(IDLE, 1);     // 150 != 100: nothing
        valve.inputStatus(ACTIVE, 3);   // 50 < 100: active but not aligned; returning never emits
        valve.inputStatus(IDLE, 0);     // min over {2} = 100: nothing new
        valve.inputStatus(IDLE, 2);     // no aligned channel left, channel 3 still active
        valve.inputStatus(ACTIVE, 1);   // 150 >= 100: aligned again, but returning does not emit
        valve.inputStatus(IDLE, 3);     // 50 != 100: no new minimum is looked for, although {1} is at 150
        assertEquals(List.of("WM 100"), sink.events);

        valve.inputWatermark(160, 1);
        assertEquals(List.of("WM 100", "WM 160"), sink.events);
    }

    @Test
    void whenAllChannelsAreIdleTheMaximumIsFlushedThenIdle() {
        final WatermarkValve valve = valve(3);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(20, 1);
        valve.inputWatermark(5, 2);
        valve.inputStatus(IDLE, 2);
        valve.inputStatus(IDLE, 1);
        valve.inputStatus(IDLE, 0); // held the last output (10): flush max(10, 20, 5)

        assertEquals(List.of("WM 5", "WM 10", "WM 20", "STATUS IDLE"), sink.events);
        assertTrue(valve.isOutputIdle());
        assertEquals(20, valve.lastOutputWatermark());
    }

    @Test
    void theMaximumIsNotFlushedIfTheLastChannelToGoIdleDidNotHoldTheLastOutput() {
        final WatermarkValve valve = valve(4);
        valve.inputWatermark(50, 3);
        valve.inputStatus(IDLE, 3);
        valve.inputWatermark(100, 0);
        valve.inputWatermark(150, 1);
        valve.inputWatermark(100, 2);
        valve.inputStatus(IDLE, 1);
        valve.inputStatus(ACTIVE, 3);
        valve.inputStatus(IDLE, 0);
        valve.inputStatus(IDLE, 2);
        valve.inputStatus(IDLE, 3); // all idle, but channel 3 (50) did not hold the output (100)

        assertEquals(List.of("WM 100", "STATUS IDLE"), sink.events);
        assertEquals(100, valve.lastOutputWatermark());
    }

    @Test
    void watermarksArrivingOnAnIdleChannelAreIgnored() {
        final WatermarkValve valve = valve(2);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(10, 1);
        valve.inputStatus(IDLE, 1);
        valve.inputWatermark(500, 1);
        assertEquals(10, valve.channelWatermark(1));

        valve.inputWatermark(20, 0);
        valve.inputStatus(ACTIVE, 1); // back with 10 < 20: not aligned
        valve.inputWatermark(30, 0);

        assertEquals(List.of("WM 10", "WM 20", "WM 30"), sink.events);
    }

    @Test
    void watermarksArrivingWhileTheValveIsIdleAreIgnored() {
        final WatermarkValve valve = valve(2);
        valve.inputStatus(IDLE, 0);
        valve.inputStatus(IDLE, 1); // both at MIN: nothing to flush
        valve.inputWatermark(100, 0);
        valve.inputWatermark(100, 1);

        assertEquals(List.of("STATUS IDLE"), sink.events);
        assertEquals(Long.MIN_VALUE, valve.channelWatermark(0));
    }

    @Test
    void aReturningChannelRejoinsTheMinimumOnlyOnceItReachesTheLastOutput() {
        final WatermarkValve valve = valve(2);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(10, 1);
        valve.inputStatus(IDLE, 1);
        valve.inputWatermark(100, 0);
        valve.inputStatus(ACTIVE, 1);      // 10 < 100
        assertFalse(valve.isChannelAligned(1));
        valve.inputWatermark(50, 1);       // still below: the output does not go back
        valve.inputWatermark(200, 0);
        valve.inputWatermark(150, 1);
        valve.inputWatermark(200, 1);      // reaches the last output (200): aligned again
        assertTrue(valve.isChannelAligned(1));
        valve.inputWatermark(300, 0);      // channel 1 now holds the output at 200
        valve.inputWatermark(250, 1);

        assertEquals(List.of("WM 10", "WM 100", "WM 200", "WM 250"), sink.events);
    }

    @Test
    void aReturningChannelAtOrAboveTheLastOutputRejoinsAtOnce() {
        final WatermarkValve valve = valve(2);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(50, 1);
        valve.inputStatus(IDLE, 1);
        valve.inputStatus(ACTIVE, 1);      // 50 >= 10: aligned at once, no output by itself
        assertTrue(valve.isChannelAligned(1));
        valve.inputWatermark(100, 0);      // channel 1 holds the output at 50 again

        assertEquals(List.of("WM 10", "WM 50"), sink.events);
    }

    @Test
    void returningFromAllIdleEmitsActive() {
        final WatermarkValve valve = valve(2);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(20, 1);
        valve.inputStatus(IDLE, 0);
        valve.inputStatus(IDLE, 1);
        valve.inputStatus(ACTIVE, 0);      // 10 < 20: active, not aligned
        valve.inputStatus(ACTIVE, 1);      // 20 >= 20: aligned
        valve.inputWatermark(15, 0);
        valve.inputWatermark(25, 0);       // aligned, min(25, 20) = 20: nothing new
        valve.inputWatermark(30, 1);

        assertEquals(List.of("WM 10", "WM 20", "STATUS IDLE", "STATUS ACTIVE", "WM 25"), sink.events);
        assertFalse(valve.isOutputIdle());
    }

    @Test
    void repeatedStatusesAreIgnored() {
        final WatermarkValve valve = valve(2);
        valve.inputStatus(ACTIVE, 0);
        valve.inputWatermark(10, 0);
        valve.inputWatermark(20, 1);
        valve.inputStatus(IDLE, 0);
        valve.inputStatus(IDLE, 0);
        valve.inputStatus(IDLE, 1);
        valve.inputStatus(IDLE, 1);
        valve.inputStatus(ACTIVE, 1);
        valve.inputStatus(ACTIVE, 1);

        assertEquals(List.of("WM 10", "WM 20", "STATUS IDLE", "STATUS ACTIVE"), sink.events);
    }

    @Test
    void aValveNeedsAtLeastOneChannel() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> valve(0));
        assertEquals("a valve needs at least one channel: 0", error.getMessage());
        assertEquals(3, valve(3).channels());
    }
}
