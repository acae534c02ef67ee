package dev.weir.jobs.scenario;

import dev.weir.metrics.PipelineMetrics;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.threaded.RunningPipeline;
import java.time.Duration;

/**
 * A scenario on the threaded scheduler: the keyed stage runs on task threads, the publishers on
 * the reading thread, which moves the virtual clock only once the tasks caught up
 * ({@link RunningPipeline#advanceTo(long, Duration)}). Within one instant the reader does not
 * wait, so events of different channels at the same {@code at} (or periodic emission) may reach
 * a task in another order than the rows (docs/scenarios.md lists what that can change). A job
 * whose window fires on processing time runs in lock-step: the reader waits after every
 * publisher call, so a timer fires between the same two rows as on the deterministic
 * scheduler. The window instances' lines are put back in watermark order by
 * {@link OrderedLines}. Not thread-safe: one reader thread.
 */
final class ThreadedScenarioScheduler implements ScenarioScheduler {
    /** How long the tasks may take to catch up with one step of the reader. */
    private static final Duration CATCH_UP = Duration.ofSeconds(60);

    private final RunningPipeline pipeline;
    private final InstanceLines lines;
    private final boolean lockStep;
    private boolean finished;
    private boolean closed;

    /**
     * @param pipeline the scenario's pipeline, started on the threaded scheduler with a virtual clock
     * @param lines the lines of its window instances, flushed when it closes
     * @param lockStep whether to wait for the tasks after every publisher call
     */
    ThreadedScenarioScheduler(final RunningPipeline pipeline, final InstanceLines lines, final boolean lockStep) {
        this.pipeline = pipeline;
        this.lines = lines;
        this.lockStep = lockStep;
    }

    @Override
    public void advanceTo(final long millis) {
        pipeline.advanceTo(millis, CATCH_UP);
    }

    @Override
    public void callEnded() {
        if (lockStep) {
            catchUp();
        }
    }

    private void catchUp() {
        if (!pipeline.awaitQuiescent(CATCH_UP)) {
            throw new IllegalStateException("the threaded pipeline did not catch up with the element file within " + CATCH_UP);
        }
    }

    @Override
    public PipelineMetrics finish(final boolean everyChannelEnded) {
        try {
            if (everyChannelEnded) {
                if (!pipeline.awaitTermination(CATCH_UP)) {
                    throw new IllegalStateException("the threaded pipeline did not end within " + CATCH_UP);
                }
            } else {
                catchUp();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the threaded pipeline", e);
        } catch (PipelineStoppedException e) {
            throw new PipelineExecutionException(pipeline.name(), e.getCause() != null ? e.getCause() : e);
        }
        final PipelineMetrics metrics = pipeline.metrics();
        finished = true;
        close();
        return metrics;
    }

    /** Stops the threads and prints every line still held (also after a failure or a bad row). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!finished && !pipeline.control().isStopping()) {
            try {
                pipeline.awaitQuiescent(CATCH_UP);
            } catch (RuntimeException e) {
                // the pipeline failed meanwhile: print what it produced before
            }
        }
        pipeline.close();
        lines.flush();
    }
}
