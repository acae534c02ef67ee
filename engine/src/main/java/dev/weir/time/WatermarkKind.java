package dev.weir.time;

/**
 * Which watermark generator a {@link WatermarkStrategy} makes, so that a strategy can be read
 * back (e.g. to translate a pipeline to another runtime) without running it.
 */
public enum WatermarkKind {
    /** {@link WatermarkStrategy#forBoundedOutOfOrderness}: watermark = max - bound - 1. */
    BOUNDED_OUT_OF_ORDERNESS,
    /** {@link WatermarkStrategy#forMonotonousTimestamps}: bounded out-of-orderness with bound 0. */
    MONOTONOUS,
    /** {@link WatermarkStrategy#forPunctuation}: watermarks carried by records. */
    PUNCTUATED,
    /** {@link WatermarkStrategy#explicit}: watermarks pushed by the source; nothing generated. */
    EXPLICIT,
    /** {@link WatermarkStrategy#noWatermarks}: no watermark but the final MAX. */
    NONE,
    /** {@link WatermarkStrategy#forGenerator}: a generator the user supplied. */
    CUSTOM
}
