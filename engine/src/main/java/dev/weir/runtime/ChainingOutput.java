package dev.weir.runtime;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;

/**
 * Hands what one operator emits straight to the next operator of the same task: fusing a
 * chain costs a method call, not a ring hop.
 *
 * @param <T> the record type between the two operators
 */
final class ChainingOutput<T> implements Output<T> {
    private final OneInputOperator<T, ?> next;
    private final SideOutputs sideOutputs;

    ChainingOutput(final OneInputOperator<T, ?> next, final SideOutputs sideOutputs) {
        this.next = next;
        this.sideOutputs = sideOutputs;
    }

    @Override
    public void record(final T value, final long timestamp) {
        next.processRecord(value, timestamp);
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        sideOutputs.emit(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        next.processWatermark(watermark);
    }

    @Override
    public void status(final WatermarkStatus status) {
        next.processStatus(status);
    }
}
