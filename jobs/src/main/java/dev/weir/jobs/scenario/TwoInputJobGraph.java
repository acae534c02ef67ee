package dev.weir.jobs.scenario;

import dev.weir.jobs.file.JobSpec;
import dev.weir.state.StateBackend;
import java.util.function.Consumer;

/**
 * Builds and starts the pipeline of a two-input job file (docs/scenarios.md, "Two inputs"): a source of
 * publishers per input, each channel with its input's watermark strategy, into the two-input operator (no
 * join), the interval join or the window join. {@link TwoInputScenario} drives what it starts with the element
 * file's rows.
 */
public interface TwoInputJobGraph {
    /**
     * @param job a two-input job
     * @param lines receives each canonical line
     * @param stateBackend where the keyed operator's state lives
     * @param threaded true for the threaded scheduler, false for the deterministic one (the reference)
     * @return the started pipeline, ready for the element file's rows
     * @throws UnsupportedOperationException if this build cannot run two-input pipelines
     */
    TwoInputJob start(JobSpec job, Consumer<String> lines, StateBackend stateBackend, boolean threaded);

    /** @return the graph of the engine's runtime, the one {@code weir scenario} uses */
    static TwoInputJobGraph runtime() {
        return TwoInputScenarioPipeline.INSTANCE;
    }
}
