package dev.weir.plan;

import java.util.List;

/**
 * One step of a {@link LogicalPlan}: what the user asked for at one call of the pipeline API,
 * with the very objects given (functions, assigners, triggers, strategies, sinks), and the edges
 * of the steps it reads. Immutable as a structure; the user's objects are shared, not copied.
 */
public sealed interface PlanStep
        permits SourceStep, MapStep, FilterStep, FlatMapStep, TimestampsStep, KeyByStep, WindowStep, KeyedProcessStep,
        TransformStep, SideOutputStep, SinkStep, UnionStep, TwoInputStep {
    /** The {@link #input()} of a step that reads from no other step: a source. */
    int NO_INPUT = -1;

    /**
     * @return the edges this step reads, in input order, each from a step of a lower index; empty
     *     for a source
     */
    List<PlanEdge> inputs();

    /**
     * @return the index in {@link LogicalPlan#steps()} of the one step whose output this step
     *     reads, always lower than this step's own index; {@link #NO_INPUT} for a source
     * @throws IllegalStateException if the step reads several steps
     */
    default int input() {
        final List<PlanEdge> inputs = inputs();
        if (inputs.size() > 1) {
            throw new IllegalStateException(getClass().getSimpleName() + " reads " + inputs.size() + " steps: " + inputs);
        }
        return inputs.isEmpty() ? NO_INPUT : inputs.get(0).upstream();
    }

    /**
     * @return false when the step is an opaque operator the user supplied ({@link TransformStep}),
     *     which another runtime cannot run from its description; true otherwise
     */
    default boolean translatable() {
        return true;
    }

    /** @return one forward edge from a step, the input of a one-input step */
    static List<PlanEdge> forwardFrom(final int upstream) {
        return List.of(PlanEdge.forward(upstream));
    }
}
