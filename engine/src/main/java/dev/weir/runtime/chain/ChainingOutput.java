package dev.weir.runtime.chain;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;

/**
 * Hands what one operator emits straight to the next operator of the same task: fusing a
 * chain costs a method call, not a ring hop. The link between the two counts the records and
 * remembers the watermark for metrics.
 *
 * @param <T> the record type between the two operators
 */
final class ChainingOutput<T> implements Output<T> {
    private final OneInputOperator<T, ?> next;
    private final SideOutputs sideOutputs;
    private final ChainLink link;

    ChainingOutput(final OneInputOperator<T, ?> next, final SideOutputs sideOutputs, final ChainLink link) {
        this.next = next;
        this.sideOutputs = sideOutputs;
        this.link = link;
    }

    @Override
    public void record(final T value, final long timestamp) {
        link.records.increment();
        next.processRecord(value, timestamp);
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        sideOutputs.emit(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        link.watermark.set(watermark);
        next.processWatermark(watermark);
    }

    @Override
    public void status(final WatermarkStatus status) {
        next.processStatus(status);
    }
}
