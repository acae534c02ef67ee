package dev.weir.operator;

import dev.weir.event.WatermarkStatus;

/**
 * What every stateless operator does alike, one input or two: it keeps its output from
 * {@link #open}, forwards watermarks and status as they arrive, and has no timers. A subclass
 * states only what it does with a record.
 *
 * @param <OUT> the output type
 */
abstract class StatelessOperator<OUT> {
    private Output<OUT> output;

    /**
     * @param context where the operator runs
     * @param out where it emits
     */
    public void open(final OperatorContext context, final Output<OUT> out) {
        this.output = out;
    }

    /** @return where the operator emits, from {@link #open} on */
    final Output<OUT> output() {
        return output;
    }

    /** @param watermark forwarded as it is */
    public void processWatermark(final long watermark) {
        output.watermark(watermark);
    }

    /** @param status forwarded as it is */
    public void processStatus(final WatermarkStatus status) {
        output.status(status);
    }

    /** @param nowMillis the current processing time; a stateless operator has no timers to fire */
    public void advanceProcessingTime(final long nowMillis) {
        // no timers
    }

    /** @return {@link Long#MAX_VALUE}: no timers */
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }
}
