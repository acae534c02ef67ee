package dev.weir.runtime;

import dev.weir.operator.Output;

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
}
