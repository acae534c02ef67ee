package dev.weir.operator;

import dev.weir.event.WatermarkStatus;

/**
 * Passes records, watermarks and status through unchanged: the identity stage, and the way
 * to observe what leaves an input's valve.
 *
 * @param <T> the record type
 */
public final class ForwardOperator<T> implements OneInputOperator<T, T> {
    private Output<T> output;

    @Override
    public void open(final OperatorContext context, final Output<T> out) {
        this.output = out;
    }

    @Override
    public void processRecord(final T value, final long timestamp) {
        output.record(value, timestamp);
    }

    @Override
    public void processWatermark(final long watermark) {
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        // no timers
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }
}
