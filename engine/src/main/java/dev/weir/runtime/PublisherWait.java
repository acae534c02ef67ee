package dev.weir.runtime;

/**
 * What a publisher (a producer on the application's thread, not a task) does while its rings
 * are full, and after each call: the threaded scheduler lets it idle until the tasks made room;
 * the deterministic scheduler runs the pipeline's tasks instead. Called on the publishing thread.
 */
public interface PublisherWait {
    /** Its output holds events the full rings could not take: wait a little (or run the pipeline), then it tries again. */
    void awaitRoom();

    /** A call ended with everything in the rings; nothing by default (a deterministic scheduler runs the pipeline here). */
    default void callEnded() {
    }
}
