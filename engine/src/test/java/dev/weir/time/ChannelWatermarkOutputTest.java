package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, the generator's output: only a strictly larger watermark leaves it; IDLE is
 * declared once; the stream turns ACTIVE again only with its next strictly higher watermark
 * (Flink's WatermarkToDataOutput).
 */
class ChannelWatermarkOutputTest {
    private final RecordingSink sink = new RecordingSink();
    private final ChannelWatermarkOutput output = new ChannelWatermarkOutput(sink);

    @Test
    void onlyStrictlyIncreasingWatermarksAreForwarded() {
        output.emitWatermark(Long.MIN_VALUE);
        output.emitWatermark(5);
        output.emitWatermark(5);
        output.emitWatermark(3);
        output.emitWatermark(7);
        output.emitWatermark(7);
        output.emitWatermark(6);
        output.emitWatermark(8);

        assertEquals(List.of("WM 5", "WM 7", "WM 8"), sink.events);
        assertEquals(8, output.currentWatermark());
    }

    @Test
    void theInitialWatermarkIsMinAndMinIsNeverForwarded() {
        assertEquals(Long.MIN_VALUE, output.currentWatermark());
        output.emitWatermark(Long.MIN_VALUE);
        assertEquals(List.of(), sink.events);
    }

    @Test
    void idleIsEmittedOnce() {
        output.markIdle();
        output.markIdle();
        output.markIdle();

        assertEquals(List.of("STATUS IDLE"), sink.events);
        assertTrue(output.isIdle());
    }

    @Test
    void aRepeatedOrLowerWatermarkWhileIdleDoesNotReactivate() {
        output.emitWatermark(10);
        output.markIdle();
        output.emitWatermark(10);
        output.emitWatermark(5);

        assertEquals(List.of("WM 10", "STATUS IDLE"), sink.events);
        assertTrue(output.isIdle());
    }

    @Test
    void theNextStrictlyHigherWatermarkTurnsAnIdleStreamActiveFirst() {
        output.emitWatermark(10);
        output.markIdle();
        output.emitWatermark(11);
        output.emitWatermark(12);

        assertEquals(List.of("WM 10", "STATUS IDLE", "STATUS ACTIVE", "WM 11", "WM 12"), sink.events);
        assertFalse(output.isIdle());
    }

    @Test
    void markActiveEmitsActiveOnlyIfIdle() {
        output.markActive();
        assertEquals(List.of(), sink.events);

        output.markIdle();
        output.markActive();
        output.markActive();
        output.markIdle();

        assertEquals(List.of("STATUS IDLE", "STATUS ACTIVE", "STATUS IDLE"), sink.events);
    }
}
