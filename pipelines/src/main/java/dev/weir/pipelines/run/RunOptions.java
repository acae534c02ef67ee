package dev.weir.pipelines.run;

import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import java.util.Objects;

/** How {@link RecordFileJob} runs a job: the state backend and, later, checkpointing. Immutable. */
public final class RunOptions {
    private final StateBackend stateBackend;

    private RunOptions(final StateBackend stateBackend) {
        this.stateBackend = stateBackend;
    }

    /** @return the defaults: the runtime's default state backend, no checkpoints */
    public static RunOptions defaults() {
        return new RunOptions(StateBackends.defaultBackend());
    }

    /**
     * @param backend where keyed state lives
     * @return these options with the backend
     */
    public RunOptions withStateBackend(final StateBackend backend) {
        return new RunOptions(Objects.requireNonNull(backend, "backend"));
    }

    /** @return where keyed state lives */
    public StateBackend stateBackend() {
        return stateBackend;
    }
}
