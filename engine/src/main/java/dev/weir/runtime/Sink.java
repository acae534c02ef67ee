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

    /** Called once, from the same thread, when the input has ended. */
    default void finish() {
    }
}
