package dev.weir.runtime;

/**
 * Where a pipeline's results go. Called from the thread of the task that produces them; a
 * sink behind a parallel stage is called from each instance's thread, so it must be
 * thread-safe or made per instance.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface Sink<T> {
    /**
     * @param value a result
     * @param timestamp its event time
     */
    void accept(T value, long timestamp);

    /**
     * @param watermark the watermark that reached the sink
     */
    default void watermark(final long watermark) {
    }

    /**
     * A checkpoint barrier reached the sink: every result before it has been handed over, none
     * after it. Called before the sink's instance acknowledges the checkpoint, so a sink that
     * buffers flushes here. After a restore, results after the checkpoint are emitted again.
     *
     * @param checkpointId the checkpoint
     */
    default void checkpoint(final long checkpointId) {
    }

    /**
     * The sink one instance of the last stage hands its results, watermarks and barriers to;
     * called once per instance when the pipeline starts. By default this sink itself, shared by
     * every instance (so it must be thread-safe). A sink that needs to tell the instances apart
     * (to align their barriers, say) returns a sink of its own per instance.
     *
     * @param instance the instance's index, from 0
     * @param parallelism the stage's number of instances
     * @return the sink of that instance
     */
    default Sink<T> instance(final int instance, final int parallelism) {
        return this;
    }

    /**
     * Checkpoint {@code checkpointId} is complete and durable: its manifest is on disk, and every
     * instance got {@link #checkpoint} with it before. Called once on the sink the pipeline was
     * given (not on an {@link #instance}), from the thread of the task or source that completed
     * the checkpoint.
     *
     * @param checkpointId the checkpoint
     */
    default void checkpointCompleted(final long checkpointId) {
    }

    /**
     * Checkpoint {@code checkpointId} will never complete (an input ended while it was in
     * flight); instances may still pass its barrier afterwards. Called like
     * {@link #checkpointCompleted}.
     *
     * @param checkpointId the checkpoint
     */
    default void checkpointAbandoned(final long checkpointId) {
    }

    /** Called once, from the same thread, when the input has ended. */
    default void finish() {
    }

    /**
     * Called once per instance, from its thread, when its task closes: after {@link #finish()},
     * or without it after a failure or a stop. A sink that holds output back releases or drops
     * it here.
     */
    default void close() {
    }
}
