package dev.weir.plan;

import java.util.List;
import java.util.Objects;

/**
 * What a pipeline was asked to do, step by step, as the pipeline API recorded it: the steps in
 * the order of the API calls, each with the objects given and the index of the step it reads,
 * and the pipeline's settings. It is for reading a pipeline without running it, e.g. to
 * translate it to another runtime; Weir itself runs the stages it compiles, not this plan.
 * Weir pipelines are linear: one source, each step reading an earlier one, no two-input steps;
 * only side outputs branch off. Immutable: a later API call makes a new plan, never changes this one.
 *
 * @param settings the pipeline's settings
 * @param steps the steps in the order they were recorded; a source first
 */
public record LogicalPlan(PipelineSettings settings, List<PlanStep> steps) {
    /** Copies the steps and checks the wiring: the one source first, every other step reading an earlier one. */
    public LogicalPlan {
        Objects.requireNonNull(settings, "settings");
        steps = List.copyOf(steps);
        for (int i = 0; i < steps.size(); i++) {
            final PlanStep step = steps.get(i);
            if ((step instanceof SourceStep) != (i == 0)) {
                throw new IllegalArgumentException("step " + i + " (" + step.getClass().getSimpleName() + "): a plan has one source, its first step");
            }
            if (i > 0 && (step.input() < 0 || step.input() >= i)) {
                throw new IllegalArgumentException("step " + i + " (" + step.getClass().getSimpleName() + ") must read an earlier step: input "
                        + step.input());
            }
        }
    }

    /**
     * @param index a step's index in {@link #steps()}
     * @return the step it reads, or null for a source
     */
    public PlanStep inputOf(final int index) {
        final int input = steps.get(index).input();
        return input == PlanStep.NO_INPUT ? null : steps.get(input);
    }

    /** @return true when every step is {@link PlanStep#translatable() translatable} */
    public boolean translatable() {
        return steps.stream().allMatch(PlanStep::translatable);
    }
}
