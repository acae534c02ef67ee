package dev.weir.time;

/**
 * A generator that never emits: for streams without event-time progress (only end of input
 * emits MAX) and for streams whose watermarks are pushed explicitly by the source.
 *
 * @param <T> the record type
 */
public final class NoWatermarks<T> implements WatermarkGenerator<T> {
    @Override
    public void onEvent(final T event, final long timestamp, final WatermarkOutput output) {
        // no watermarks from records
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput output) {
        // no periodic watermarks
    }
}
