package dev.weir.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a pipeline was asked to do, as the pipeline API recorded it: a directed acyclic graph of
 * steps, each with the objects given and the {@link PlanEdge edges} of the steps it reads, and
 * the pipeline's settings. The steps are in the order of the API calls, which is a topological
 * order: every edge reads a step of a lower index. A step may feed several steps (fan-out), a
 * {@link UnionStep} or a {@link TwoInputStep} reads several, and a plan may have several sources. Weir
 * compiles its tasks and channels from this plan alone (docs/architecture.md, "The logical
 * plan"); another runtime may translate it. Immutable: a later API call makes a new plan, never
 * changes this one.
 *
 * @param settings the pipeline's settings
 * @param steps the steps in the order they were recorded; a source first, other sources anywhere after it
 */
public record LogicalPlan(PipelineSettings settings, List<PlanStep> steps) {
    /** Copies the steps and checks the wiring: a source first, every step but a source reading earlier ones. */
    public LogicalPlan {
        Objects.requireNonNull(settings, "settings");
        steps = List.copyOf(steps);
        for (int i = 0; i < steps.size(); i++) {
            final PlanStep step = steps.get(i);
            if (i == 0 && !(step instanceof SourceStep)) {
                throw new IllegalArgumentException(describe(i, step) + ": a plan starts with a source");
            }
            if (!(step instanceof SourceStep) && step.inputs().isEmpty()) {
                throw new IllegalArgumentException(describe(i, step) + " reads no step");
            }
            for (final PlanEdge edge : step.inputs()) {
                if (edge.upstream() < 0 || edge.upstream() >= i) {
                    throw new IllegalArgumentException(describe(i, step) + " must read an earlier step: input " + edge.upstream());
                }
            }
        }
    }

    /**
     * @param index a step's index in {@link #steps()}
     * @return the one step it reads, or null for a source
     * @throws IllegalStateException if the step reads several steps
     */
    public PlanStep inputOf(final int index) {
        final int input = steps.get(index).input();
        return input == PlanStep.NO_INPUT ? null : steps.get(input);
    }

    /**
     * @param index a step's index in {@link #steps()}
     * @return the indexes of the steps with an edge from it, in increasing order: every step
     *     that gets its records, side outputs declared on its stream included
     */
    public List<Integer> consumers(final int index) {
        final List<Integer> consumers = new ArrayList<>();
        for (int i = index + 1; i < steps.size(); i++) {
            for (final PlanEdge edge : steps.get(i).inputs()) {
                if (edge.upstream() == index) {
                    consumers.add(i);
                    break;
                }
            }
        }
        return consumers;
    }

    /**
     * @param index a step's index in {@link #steps()}
     * @return how messages name it: {@code step 3 (MapStep)}
     */
    public String describe(final int index) {
        return describe(index, steps.get(index));
    }

    private static String describe(final int index, final PlanStep step) {
        return "step " + index + " (" + step.getClass().getSimpleName() + ")";
    }

    /** @return true when every step is {@link PlanStep#translatable() translatable} */
    public boolean translatable() {
        return steps.stream().allMatch(PlanStep::translatable);
    }
}
