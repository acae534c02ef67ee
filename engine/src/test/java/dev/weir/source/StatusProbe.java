package dev.weir.source;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import java.util.List;

/**
 * A pass-through operator for pipeline tests that records every status change it sees.
 *
 * @param <T> the record type
 */
final class StatusProbe<T> implements OneInputOperator<T, T> {
    private final List<WatermarkStatus> statuses;
    private Output<T> output;

    /** @param statuses receives each status change (a synchronized list: the probe runs on a task thread) */
    StatusProbe(final List<WatermarkStatus> statuses) {
        this.statuses = statuses;
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
        statuses.add(status);
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }
}
