package dev.weir.event;

/** Receives the watermarks and watermark status changes of one stream, in stream order. */
public interface WatermarkSink {
    /**
     * Receives a watermark: no more records with a timestamp at or below it are expected.
     *
     * @param watermark event time in milliseconds; {@link Long#MAX_VALUE} marks end of input
     */
    void watermark(long watermark);

    /** @param status the new status of the stream */
    void status(WatermarkStatus status);
}
