package dev.weir.time;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;

/**
 * The output of one stream's watermark generation (docs/semantics.md §1): forwards only strictly
 * increasing watermarks, declares idleness once, and turns the stream active again with the
 * next forwarded watermark. Not thread-safe.
 */
public final class ChannelWatermarkOutput implements WatermarkOutput {
    private final WatermarkSink sink;
    private long maxWatermark = Long.MIN_VALUE;
    private boolean idle;

    /** @param sink the stream downstream */
    public ChannelWatermarkOutput(final WatermarkSink sink) {
        this.sink = sink;
    }

    @Override
    public void emitWatermark(final long watermark) {
        if (watermark <= maxWatermark) {
            return;
        }
        maxWatermark = watermark;
        markActive();
        sink.watermark(watermark);
    }

    @Override
    public void markIdle() {
        if (!idle) {
            idle = true;
            sink.status(WatermarkStatus.IDLE);
        }
    }

    @Override
    public void markActive() {
        if (idle) {
            idle = false;
            sink.status(WatermarkStatus.ACTIVE);
        }
    }

    /** @return the largest watermark forwarded so far */
    public long currentWatermark() {
        return maxWatermark;
    }

    /** @return true while the stream is declared idle */
    public boolean isIdle() {
        return idle;
    }
}
