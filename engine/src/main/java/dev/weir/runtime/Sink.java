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

    /** Called once, from the same thread, when the input has ended. */
    default void finish() {
    }
}
