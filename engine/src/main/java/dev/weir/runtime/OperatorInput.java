package dev.weir.runtime;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.valve.WatermarkValve;

/**
 * One operator instance behind the valve of its input: records go straight to the
 * operator, watermarks and status per channel go through the valve first (docs/semantics.md §2).
 *
 * @param <IN> the operator's input type
 */
public final class OperatorInput<IN> {
    private final OneInputOperator<IN, ?> operator;
    private final WatermarkValve valve;

    /**
     * @param operator the opened operator
     * @param channels the number of input channels
     */
    public OperatorInput(final OneInputOperator<IN, ?> operator, final int channels) {
        this.operator = operator;
        this.valve = new WatermarkValve(channels, new WatermarkSink() {
            @Override
            public void watermark(final long watermark) {
                operator.processWatermark(watermark);
            }

            @Override
            public void status(final WatermarkStatus status) {
                operator.processStatus(status);
            }
        });
    }

    /**
     * @param value a record
     * @param timestamp its event time
     */
    public void record(final IN value, final long timestamp) {
        operator.processRecord(value, timestamp);
    }

    /**
     * @param watermark a channel's watermark
     * @param channel the channel
     */
    public void watermark(final long watermark, final int channel) {
        valve.inputWatermark(watermark, channel);
    }

    /**
     * @param status a channel's status
     * @param channel the channel
     */
    public void status(final WatermarkStatus status, final int channel) {
        valve.inputStatus(status, channel);
    }

    /** @return the operator */
    public OneInputOperator<IN, ?> operator() {
        return operator;
    }

    /** @return the input's valve, for diagnostics */
    public WatermarkValve valve() {
        return valve;
    }
}
