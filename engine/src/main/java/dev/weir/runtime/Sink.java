package dev.weir.runtime;

/**
 * Where a pipeline's results go. Called from the thread of the task that produces them; a
 * sink behind a parallel stage is one object shared by every instance of that stage, called
 * from each instance's thread (concurrently), so it must be thread-safe. Each instance calls
 * {@link #accept}, {@link #watermark}, {@link #checkpoint} and {@link #finish} from its own
 * thread, in its own order; {@link #allFinished} comes once, after all of them.
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
     * One instance's input has ended: called once per parallel instance, on that instance's
     * thread, after its last {@link #accept} and {@link #watermark}. With parallelism
     * {@code n} it is called {@code n} times, possibly at the same time from different threads;
     * the place to flush what an instance buffers, or to read per-thread state.
     */
    default void finish() {
    }

    /**
     * Every instance's input has ended: called once per pipeline, after every instance's
     * {@link #finish()} has returned, on the thread of the instance that finished last. Whatever
     * the instances did before their {@code finish()} returned is visible here. The place for
     * what a sink does once at the end (a footer, a summary, closing a shared file). Not called
     * when the pipeline fails or is closed before every instance finished.
     */
    default void allFinished() {
    }
}
