package dev.weir.flink.source;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;

/**
 * Flink's own watermark generator of a handoff source, with every watermark it emits logged to the handoff's
 * {@link WatermarkLog} together with the mark of the last event before it: on each event the mark is read, on each
 * emission (on an event or periodic) a watermark greater than the last one logged is logged, then forwarded. Runs on
 * the source's task thread like any generator; allocation-free.
 *
 * @param <E> the event type
 */
final class AttributedFlinkWatermarks<E> implements WatermarkGenerator<E>, WatermarkOutput {
    private final WatermarkGenerator<E> inner;
    private final WatermarkAttribution<E> attribution;
    private WatermarkOutput output;
    private long lastMark;
    private long lastLogged = Long.MIN_VALUE;

    /**
     * @param inner Flink's generator, which decides the watermarks
     * @param attribution how to read an event's mark, and where to log
     */
    AttributedFlinkWatermarks(final WatermarkGenerator<E> inner, final WatermarkAttribution<E> attribution) {
        this.inner = inner;
        this.attribution = attribution;
    }

    @Override
    public void onEvent(final E event, final long timestamp, final WatermarkOutput downstream) {
        lastMark = attribution.mark().applyAsLong(event);
        output = downstream;
        inner.onEvent(event, timestamp, this);
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput downstream) {
        output = downstream;
        inner.onPeriodicEmit(this);
    }

    @Override
    public void emitWatermark(final Watermark watermark) {
        // Flink forwards only increases, and only those fire windows
        if (watermark.getTimestamp() > lastLogged) {
            lastLogged = watermark.getTimestamp();
            attribution.log().emitted(lastLogged, lastMark);
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
