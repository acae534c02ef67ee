package dev.weir.runtime.chain;

import dev.weir.metrics.OperatorMetrics;
import dev.weir.operator.Output;
import java.util.List;

/**
 * The output at the end of a task's operator chain: downstream channels or a sink. It learns
 * of end of input once every operator of the chain has ended.
 *
 * @param <T> the record type
 */
public interface ChainEnd<T> extends Output<T> {
    /**
     * A checkpoint barrier, after the chain's operators have been snapshotted: forwards it to
     * every downstream channel, or tells the sink. Nothing by default.
     *
     * @param checkpointId the checkpoint
     */
    default void barrier(final long checkpointId) {
    }

    /** End of input: forwards it downstream, or finishes the sink. */
    void end();

    /** The task is closing, after the end of its input or after a failure or stop: tells the sink. Nothing by default. */
    default void close() {
    }

    /**
     * Makes every record written so far visible downstream: the producing thread calls it when
     * it finishes a unit of work (a task's duty cycle, a publisher's batch), so that no record
     * waits for a batch to fill while its producer is idle.
     */
    void flush();

    /**
     * Moves the events that full downstream rings could not take into the rings, as far as
     * they have room; the producing thread, at the start of each unit of work. True by default:
     * a sink never back-pressures.
     *
     * @return true when nothing is held back any more
     */
    default boolean drain() {
        return true;
    }

    /**
     * @return true while events are held back for full downstream rings (a cheap test, for
     *     every event); false by default
     */
    default boolean backPressured() {
        return false;
    }

    /** @return the events held back for full downstream rings; 0 by default */
    default long backlog() {
        return 0;
    }

    /**
     * @return when the next processing-time timer of what runs behind this end on the producing
     *     thread (an inline stage) is due; {@link Long#MAX_VALUE} by default: nothing runs there
     */
    default long nextProcessingTime() {
        return Long.MAX_VALUE;
    }

    /**
     * Fires the processing-time timers due by then of what runs behind this end on the producing
     * thread (an inline stage); nothing by default.
     *
     * @param nowMillis processing time
     */
    default void advanceProcessingTime(final long nowMillis) {
    }

    /**
     * Publishes the gauges of the operators fused behind this end on the producing thread in
     * forward branches of a fan-out ({@link BranchEnd}); nothing by default. An inline stage
     * publishes its own.
     */
    default void publishBranchMetrics() {
    }

    /**
     * Adds the metrics of the operators of the forward branches behind this end, in plan order;
     * nothing by default.
     *
     * @param nowMillis processing time, for watermark lags
     * @param metrics where they go
     */
    default void addBranchMetrics(final long nowMillis, final List<OperatorMetrics> metrics) {
    }
}
