package dev.weir.time;

/**
 * Emits a watermark from {@link #onEvent} whenever a record carries one; nothing periodic.
 *
 * @param <T> the record type
 */
public final class PunctuatedWatermarks<T> implements WatermarkGenerator<T> {
    private final Punctuation<? super T> punctuation;

    /** @param punctuation finds the watermark a record carries */
    public PunctuatedWatermarks(final Punctuation<? super T> punctuation) {
        this.punctuation = punctuation;
    }

    @Override
    public void onEvent(final T event, final long timestamp, final WatermarkOutput output) {
        final long watermark = punctuation.watermarkOf(event, timestamp);
        if (watermark != Punctuation.NO_WATERMARK) {
            output.emitWatermark(watermark);
        }
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput output) {
        // punctuated: watermarks come only with records
    }
}
