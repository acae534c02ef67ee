package dev.weir.flink.source;

/**
 * Receives the watermarks a {@link FlinkHandoffSource} emits, each with a mark read from the last event emitted
 * before it ({@link LocalHandoff#attributeWatermarks}): a benchmark logs the event's intended send time, to attribute
 * each window result to the event after which the watermark that fired it was emitted. Called on the source's task
 * thread, in increasing watermark order, before Flink forwards the watermark.
 */
@FunctionalInterface
public interface WatermarkLog {
    /**
     * @param watermark the watermark, greater than every one logged before
     * @param mark the mark of the last event emitted before it
     */
    void emitted(long watermark, long mark);
}
