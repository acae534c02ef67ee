package dev.weir.flink.translation;

import dev.weir.time.Punctuation;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;

/**
 * A Weir punctuated strategy on Flink: after each record, the watermark the record carries, if
 * any; nothing periodic. Flink's source output, like Weir's, passes on only rising watermarks.
 * Not thread-safe (one per source, as every Flink generator).
 */
final class FlinkPunctuation implements WatermarkGenerator<Object> {
    private final Punctuation<Object> punctuation;

    @SuppressWarnings("unchecked")
    FlinkPunctuation(final Punctuation<?> punctuation) {
        this.punctuation = (Punctuation<Object>) punctuation;
    }

    @Override
    public void onEvent(final Object event, final long eventTimestamp, final WatermarkOutput output) {
        final long watermark = punctuation.watermarkOf(event, eventTimestamp);
        if (watermark != Punctuation.NO_WATERMARK) {
            output.emitWatermark(new Watermark(watermark));
        }
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput output) {
        // a punctuated stream emits from its records only
    }
}
