package dev.weir.perf.harness;

import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkOutput;
import java.util.function.ToLongFunction;

/**
 * A watermark generator that logs every watermark its inner generator emits, with the intended send time of the
 * latest event it saw, to {@link WatermarkOrigins}. Runs on the source's thread like any generator; allocation-free.
 *
 * @param <T> the event type
 */
final class AttributedWatermarks<T> implements WatermarkGenerator<T>, WatermarkOutput {
    private final WatermarkGenerator<T> inner;
    private final ToLongFunction<T> intendedNanos;
    private final WatermarkOrigins origins;
    private WatermarkOutput output;
    private long latestIntendedNanos;
    private long latestWatermark = Long.MIN_VALUE;

    /**
     * @param inner the generator that decides the watermarks
     * @param intendedNanos reads an event's intended send time
     * @param origins where watermarks are logged
     */
    AttributedWatermarks(final WatermarkGenerator<T> inner, final ToLongFunction<T> intendedNanos, final WatermarkOrigins origins) {
        this.inner = inner;
        this.intendedNanos = intendedNanos;
        this.origins = origins;
    }

    @Override
    public void onEvent(final T event, final long timestamp, final WatermarkOutput downstream) {
        latestIntendedNanos = intendedNanos.applyAsLong(event);
        output = downstream;
        inner.onEvent(event, timestamp, this);
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput downstream) {
        output = downstream;
        inner.onPeriodicEmit(this);
    }

    @Override
    public void emitWatermark(final long watermark) {
        // only increases fire windows; the output forwards only those as well
        if (watermark > latestWatermark) {
            latestWatermark = watermark;
            origins.log(watermark, latestIntendedNanos);
        }
        output.emitWatermark(watermark);
    }

    @Override
    public void markIdle() {
        output.markIdle();
    }

    @Override
    public void markActive() {
        output.markActive();
    }
}
