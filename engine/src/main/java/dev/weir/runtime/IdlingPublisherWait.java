package dev.weir.runtime;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * A publisher's wait on the threaded runtime, where other threads consume its rings: it spins,
 * then yields, then parks a little while the rings are full, and throws
 * {@link PipelineStoppedException} once the pipeline stopped, so that a stopped pipeline
 * releases a waiting publisher. One publisher's calling thread at a time.
 */
public final class IdlingPublisherWait implements PublisherWait {
    private final PipelineControl control;
    // A full ring is usually a consumer that lost its CPU for a moment: spin, then yield (some
    // 20 ms on a 2-vCPU VM) before parking, because a parked producer wakes late and turns a
    // 1 ms consumer stall into a 10-30 ms one (docs/performance.md, "The latency tail").
    private final IdleStrategy idle = new BackoffIdleStrategy(100, 100_000, 1_000, 100_000);
    private boolean waited;

    /** @param control the pipeline whose stop releases the waiting publisher */
    public IdlingPublisherWait(final PipelineControl control) {
        this.control = control;
    }

    /** @throws PipelineStoppedException once the pipeline stopped (or failed) */
    @Override
    public void awaitRoom() {
        control.checkRunning();
        waited = true;
        idle.idle();
    }

    /** The next wait starts spinning again. */
    @Override
    public void callEnded() {
        if (waited) {
            waited = false;
            idle.reset();
        }
    }
}
