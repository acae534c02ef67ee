package dev.weir.pipelines.scenario;

import dev.weir.pipelines.job.JobSpec;
import dev.weir.state.StateBackend;
import java.util.function.Consumer;

/** The two-input graph of a runtime that cannot run pipelines of several sources yet: refuses every job. */
final class UnavailableTwoInputJobGraph implements TwoInputJobGraph {
    static final UnavailableTwoInputJobGraph INSTANCE = new UnavailableTwoInputJobGraph();

    private UnavailableTwoInputJobGraph() {
    }

    @Override
    public TwoInputJob start(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend, final boolean threaded) {
        throw new UnsupportedOperationException("two-input jobs need the multi-input runtime");
    }
}
