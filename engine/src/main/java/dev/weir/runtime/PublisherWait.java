package dev.weir.runtime;

/**
 * What a publisher (a producer on the application's thread) does while its rings are full, and
 * after each call. A publisher cannot return in the middle of a call the way a task returns from
 * its duty cycle, so at the end of every call it drains its output and, while events are still
 * held back, calls {@link #awaitRoom()} and tries again (docs/runtime.md, "Back-pressure").
 * Called on the publisher's calling thread only.
 */
public interface PublisherWait {
    /** Its output holds events the full rings could not take: wait a little (or run the pipeline), then it tries again. */
    void awaitRoom();

    /** A call ended with everything in the rings; nothing by default (a deterministic scheduler runs the pipeline here). */
    default void callEnded() {
    }
}
