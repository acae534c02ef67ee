package dev.weir.operator;

import dev.weir.event.WatermarkStatus;

/**
 * An operator with two inputs (joins, connected streams). Each input merges its channels in
 * its own valve; the operator sees the minimum of both inputs' watermarks, leaving out an
 * idle input, and is idle only when both inputs are (docs/semantics.md §7). An input that never
 * sent a watermark holds it at MIN.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output record type
 */
public interface TwoInputOperator<IN1, IN2, OUT> {
    /**
     * @param context where the operator runs
     * @param output where it emits
     */
    void open(OperatorContext context, Output<OUT> output);

    /**
     * @param value a record of the first input
     * @param timestamp its event time
     */
    void processRecord1(IN1 value, long timestamp);

    /**
     * @param value a record of the second input
     * @param timestamp its event time
     */
    void processRecord2(IN2 value, long timestamp);

    /**
     * Fires the event-time timers at or below the watermark, then forwards it.
     *
     * @param watermark the combined watermark of both inputs, higher than the last one
     */
    void processWatermark(long watermark);

    /** @param status the combined status of both inputs: IDLE when both are IDLE, ACTIVE when that ends */
    void processStatus(WatermarkStatus status);

    /** @param nowMillis the current processing time; fire the timers due */
    void advanceProcessingTime(long nowMillis);

    /** @return when the next processing-time timer is due, or {@link Long#MAX_VALUE} */
    long nextProcessingTime();
}
