package dev.weir.jobs.scenario;

import dev.weir.metrics.PipelineMetrics;

/**
 * How a scenario's pipeline is run while the element file's rows are fed to its publishers:
 * the deterministic scheduler ({@link DeterministicScenarioScheduler}) or the threaded one
 * ({@link ThreadedScenarioScheduler}). Processing time is virtual and moves only through
 * {@link #advanceTo}. Not thread-safe: the thread that reads the element file only.
 */
interface ScenarioScheduler {
    /**
     * Moves processing time to a row's {@code at}, running every periodic emission, idleness
     * change and timer due on the way (the engine's rules, docs/runtime.md).
     *
     * @param millis the row's processing time, not before the previous row's
     */
    void advanceTo(long millis);

    /** A publisher call for a row has returned. */
    void callEnded();

    /**
     * After the last row: waits until the tasks ended (every channel ended) or caught up with
     * every row, and takes the pipeline's metrics.
     *
     * @param everyChannelEnded whether every channel's publisher has ended
     * @return the pipeline's metrics
     * @throws dev.weir.runtime.PipelineExecutionException if a task failed
     */
    PipelineMetrics finish(boolean everyChannelEnded);

    /** Stops the pipeline; every line printed before (also before a failure) is out. Idempotent. */
    void close();
}
