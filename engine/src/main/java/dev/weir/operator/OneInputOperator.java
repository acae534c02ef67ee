package dev.weir.operator;

import dev.weir.event.WatermarkStatus;

/**
 * An operator with one (possibly multi-channel) input. Operators know nothing of threads:
 * the deterministic and the threaded scheduler call these methods from one thread, with
 * watermarks already merged by the input's valve. All processing time comes from the
 * context's clock.
 *
 * @param <IN> the input record type
 * @param <OUT> the output record type
 */
public interface OneInputOperator<IN, OUT> {
    /**
     * Prepares the operator; called once before any other method.
     *
     * @param context where the operator runs
     * @param output where it emits
     */
    void open(OperatorContext context, Output<OUT> output);

    /**
     * @param value a record
     * @param timestamp its event time, or {@code Long.MIN_VALUE} when it has none
     */
    void processRecord(IN value, long timestamp);

    /**
     * A record of a keyed edge, with the key the edge routed it by: the key the edge's key
     * selector (the one this operator's stage was keyed with) gives for {@code value}. A keyed
     * operator may use it instead of computing it again; by default the key is ignored.
     *
     * @param value a record
     * @param timestamp its event time, or {@code Long.MIN_VALUE} when it has none
     * @param key its key, not null
     * @param keyGroup its key group, or -1 when the edge did not compute it
     */
    default void processKeyedRecord(final IN value, final long timestamp, final Object key, final int keyGroup) {
        processRecord(value, timestamp);
    }

    /** @param watermark the input's merged watermark; fire timers at or below it, then forward it */
    void processWatermark(long watermark);

    /** @param status the input's merged status */
    void processStatus(WatermarkStatus status);

    /**
     * Fires the processing-time timers due at {@code nowMillis}.
     *
     * @param nowMillis the current processing time
     */
    void advanceProcessingTime(long nowMillis);

    /** @return when the next processing-time timer is due, or {@link Long#MAX_VALUE} */
    long nextProcessingTime();

    /** Called once when the input has ended, after its MAX watermark. */
    default void endInput() {
    }

    /** Releases resources; idempotent. */
    default void close() {
    }
}
