package dev.weir.tools.scenario;

import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.scenario.ScenarioPipeline;
import dev.weir.jobs.scenario.ScenarioRun;
import dev.weir.state.StateBackend;
import java.util.StringJoiner;
import java.util.function.Consumer;

/** Which scheduler {@code weir scenario} runs a job's pipeline on: the deterministic one (the reference) or the threaded one. */
public enum ScenarioRuntime {
    /** The reading thread runs every task in a fixed order: the reference output. */
    DETERMINISTIC("deterministic") {
        @Override
        public ScenarioRun start(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend) {
            return ScenarioPipeline.deterministic(job, lines, stateBackend);
        }
    },
    /** Publisher-fed sources, Disruptor rings and task threads, on a virtual clock moved by the reader. */
    THREADED("threaded") {
        @Override
        public ScenarioRun start(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend) {
            return ScenarioPipeline.threaded(job, lines, stateBackend);
        }
    };

    private final String label;

    ScenarioRuntime(final String label) {
        this.label = label;
    }

    /**
     * @param job the job
     * @param lines receives the canonical lines
     * @param stateBackend where the window operator's keyed state lives
     * @return the job's pipeline on this runtime, ready for the element file's rows
     */
    public abstract ScenarioRun start(JobSpec job, Consumer<String> lines, StateBackend stateBackend);

    /** @return the name on the command line */
    public String label() {
        return label;
    }

    /**
     * @param text a runtime's name as typed
     * @return that runtime
     * @throws IllegalArgumentException naming the valid values if there is none of that name
     */
    public static ScenarioRuntime of(final String text) {
        for (final ScenarioRuntime runtime : values()) {
            if (runtime.label.equals(text)) {
                return runtime;
            }
        }
        throw new IllegalArgumentException("unknown runtime '" + text + "' (valid values: " + labels() + ")");
    }

    /** @return the valid names, comma-separated */
    public static String labels() {
        final StringJoiner names = new StringJoiner(", ");
        for (final ScenarioRuntime runtime : values()) {
            names.add(runtime.label);
        }
        return names.toString();
    }
}
