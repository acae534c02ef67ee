package dev.weir.testing;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pass-through operator that counts how often it is closed, to check that every task closes
 * its operators however the pipeline ends.
 *
 * @param <T> the record type
 */
public final class ClosingProbe<T> implements OneInputOperator<T, T> {
    private final AtomicInteger closes;
    private Output<T> output;

    /** @param closes incremented on each close */
    public ClosingProbe(final AtomicInteger closes) {
        this.closes = closes;
    }

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
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }

    @Override
    public void close() {
        closes.incrementAndGet();
    }
}
