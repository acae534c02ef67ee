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
     * A record of the first input that came over a keyed edge, with the key the edge routed it
     * by. A keyed operator may use it instead of computing it again; by default it is ignored.
     *
     * @param value a record of the first input
     * @param timestamp its event time
     * @param key its key under the first input's key selector, not null
     * @param keyGroup its key group, or -1 when the edge did not compute it
     */
    default void processKeyedRecord1(final IN1 value, final long timestamp, final Object key, final int keyGroup) {
        processRecord1(value, timestamp);
    }

    /**
     * A record of the second input that came over a keyed edge; see {@link #processKeyedRecord1}.
     *
     * @param value a record of the second input
     * @param timestamp its event time
     * @param key its key under the second input's key selector, not null
     * @param keyGroup its key group, or -1 when the edge did not compute it
     */
    default void processKeyedRecord2(final IN2 value, final long timestamp, final Object key, final int keyGroup) {
        processRecord2(value, timestamp);
    }

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

    /** Both inputs have ended (after the final MAX watermark and the last processing-time timers). */
    default void endInput() {
    }

    /** Releases what the operator holds; called once, last. */
    default void close() {
    }
}
