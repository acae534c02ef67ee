package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.testing.Await;
import dev.weir.testing.Scheduler;
import java.time.Duration;

/**
 * A publisher-fed pipeline started on either scheduler on a virtual clock, driven step by step
 * by the test's thread: after {@link #settle()} every published event has been processed (the
 * deterministic scheduler runs each publisher call to quiescence; the threaded one is waited for).
 */
final class Driven implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final RunningPipeline threaded;
    private final DeterministicPipeline deterministic;

    private Driven(final RunningPipeline threaded, final DeterministicPipeline deterministic) {
        this.threaded = threaded;
        this.deterministic = deterministic;
    }

    /**
     * @param scheduler where to run
     * @param pipeline built, not started
     * @return the started pipeline, on a virtual clock at 0
     */
    static Driven start(final Scheduler scheduler, final StreamPipeline pipeline) {
        final VirtualClock clock = new VirtualClock(0);
        return scheduler == Scheduler.THREADED ? new Driven(pipeline.clock(clock).start(), null)
                : new Driven(null, pipeline.startDeterministic(clock));
    }

    /** Returns once every event published so far has been processed. */
    void settle() {
        if (threaded != null) {
            assertTrue(threaded.awaitQuiescent(TIMEOUT), "the pipeline caught up");
        } else {
            deterministic.runUntilQuiescent();
        }
    }

    /** @param millis the processing time to move to (triggers due checkpoints) */
    void advanceTo(final long millis) {
        if (threaded != null) {
            threaded.advanceTo(millis, TIMEOUT);
        } else {
            deterministic.advanceTo(millis);
        }
    }

    /** @param checkpointId waits until this checkpoint completed */
    void awaitCheckpoint(final long checkpointId) {
        Await.until("checkpoint " + checkpointId, () -> completedCheckpointId() >= checkpointId, TIMEOUT);
    }

    long completedCheckpointId() {
        return threaded != null ? threaded.completedCheckpointId() : deterministic.completedCheckpointId();
    }

    PipelineMetrics metrics() {
        return threaded != null ? threaded.metrics() : deterministic.metrics();
    }

    /** Waits for (threaded) or runs (deterministic) the pipeline to its end; every source must have ended. */
    void runToEnd() {
        if (threaded != null) {
            try {
                assertTrue(threaded.awaitTermination(TIMEOUT), "the pipeline ends");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        } else {
            deterministic.runToEnd();
        }
    }

    @Override
    public void close() {
        if (threaded != null) {
            threaded.close();
        } else {
            deterministic.close();
        }
    }
}
