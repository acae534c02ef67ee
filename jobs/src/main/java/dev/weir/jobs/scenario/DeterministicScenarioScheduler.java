package dev.weir.jobs.scenario;

import dev.weir.metrics.PipelineMetrics;
import dev.weir.runtime.deterministic.DeterministicPipeline;

/**
 * A scenario on the deterministic scheduler: the reading thread runs every task, so each
 * publisher call returns once the pipeline is quiescent, with the row's lines already out.
 * A task's failure comes out of the publisher call or {@link #advanceTo} as a
 * {@link dev.weir.runtime.PipelineExecutionException}. Not thread-safe.
 */
final class DeterministicScenarioScheduler implements ScenarioScheduler {
    private final DeterministicPipeline pipeline;

    /** @param pipeline the scenario's pipeline, started on the deterministic scheduler */
    DeterministicScenarioScheduler(final DeterministicPipeline pipeline) {
        this.pipeline = pipeline;
    }

    @Override
    public void advanceTo(final long millis) {
        pipeline.advanceTo(millis);
    }

    @Override
    public void callEnded() {
        // the publisher call ran the pipeline until it was quiescent
    }

    @Override
    public PipelineMetrics finish(final boolean everyChannelEnded) {
        if (everyChannelEnded) {
            pipeline.runToEnd();
        } else {
            pipeline.runUntilQuiescent();
        }
        return pipeline.metrics();
    }

    @Override
    public void close() {
        pipeline.close();
    }
}
