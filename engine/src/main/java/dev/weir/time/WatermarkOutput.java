package dev.weir.time;

/** What a {@link WatermarkGenerator} emits to. */
public interface WatermarkOutput {
    /** @param watermark the generator's current watermark; the output forwards only increases */
    void emitWatermark(long watermark);

    /** Declares the stream idle. */
    void markIdle();

    /** Declares the stream active again without a watermark. */
    void markActive();
}
