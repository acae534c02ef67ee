package dev.weir.plan;

/**
 * One step of a {@link LogicalPlan}: what the user asked for at one call of the pipeline API,
 * with the very objects given (functions, assigners, triggers, strategies, sinks), and which
 * step it reads from. Immutable as a structure; the user's objects are shared, not copied.
 */
public sealed interface PlanStep
        permits SourceStep, MapStep, FilterStep, FlatMapStep, TimestampsStep, KeyByStep, WindowStep, KeyedProcessStep,
        TransformStep, SideOutputStep, SinkStep {
    /** The {@link #input()} of a step that reads from no other step: a source. */
    int NO_INPUT = -1;

    /**
     * @return the index in {@link LogicalPlan#steps()} of the step whose output this step reads,
     *     always lower than this step's own index; {@link #NO_INPUT} for a source
     */
    int input();

    /**
     * @return false when the step is an opaque operator the user supplied ({@link TransformStep}),
     *     which another runtime cannot run from its description; true otherwise
     */
    default boolean translatable() {
        return true;
    }
}
