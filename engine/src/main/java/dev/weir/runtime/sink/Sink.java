package dev.weir.runtime.sink;

/**
 * Where a pipeline's results go. Called from the thread of the task that produces them; a
 * sink behind a parallel stage is one object shared by every instance of that stage, called
 * from each instance's thread (concurrently), so it must be thread-safe. Each instance calls
 * {@link #accept}, {@link #watermark}, {@link #checkpoint} and {@link #finish} from its own
 * thread, in its own order; {@link #allFinished} comes once, after all of them. A side output's
 * sink ({@code DataStream.sideOutput}) is a sink too, with the same calls from every task
 * instance of every stage, but no {@link #watermark}.
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
     * Every instance acknowledged checkpoint {@code checkpointId} and its snapshot files are on
     * disk; its manifest, which completes it, is written right after this call returns. A sink
     * that marks checkpoints in its output writes and forces the mark here: then a checkpoint
     * that a restore can resume from always has its mark in the output, even when the process
     * is killed between the two. Called like {@link #checkpointCompleted}, before it.
     *
     * @param checkpointId the checkpoint
     */
    default void checkpointCommitting(final long checkpointId) {
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

    /**
     * One instance's input has ended: called once per parallel instance, on that instance's
     * sink ({@link #instance}) and thread, after its last {@link #accept} and {@link #watermark}. With parallelism
     * {@code n} it is called {@code n} times, possibly at the same time from different threads;
     * the place to flush what an instance buffers, or to read per-thread state.
     */
    default void finish() {
    }

    /**
     * Every instance's input has ended: called once per pipeline, on the sink the pipeline was
     * given (not on an {@link #instance}), after every instance's
     * {@link #finish()} has returned, on the thread of the instance that finished last. Whatever
     * the instances did before their {@code finish()} returned is visible here. The place for
     * what a sink does once at the end (a footer, a summary, closing a shared file). Not called
     * when the pipeline fails or is closed before every instance finished.
     */
    default void allFinished() {
    }

    /**
     * Called once per instance, from its thread, when its task closes: after {@link #finish()},
     * or without it after a failure or a stop. A sink that holds output back releases or drops
     * it here.
     */
    default void close() {
    }
}
