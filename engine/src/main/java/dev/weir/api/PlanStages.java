package dev.weir.api;

import dev.weir.plan.EdgeKind;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.PlanEdge;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SideOutputStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.SourceStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Cuts a logical plan into the stages the runtime runs, from its steps and edges alone: the
 * source starts stage 0, each {@link EdgeKind#KEY_PARTITIONED} edge (into a {@link KeyByStep})
 * starts the next stage, and each step behind a {@link EdgeKind#FORWARD} edge is fused into the
 * stage of the step it reads. Stages are numbered in plan order and named as they always were
 * ({@code <source>-0}, {@code keyed-<n>}), so checkpoint names do not depend on how the plan was
 * built. What the runtime does not compile yet is refused with the step that needs it.
 */
final class PlanStages {
    private PlanStages() {
    }

    /**
     * @param pipeline the pipeline's name, for messages
     * @param plan a plan with a source
     * @param placements the placement of each keyed stage that sets its own, by its KeyByStep's index
     * @return the stages in plan order, each reading the one before it
     * @throws UnsupportedOperationException if a stream feeds several steps (fan-out), or a step
     *     reads several streams or reads over a broadcast or union edge
     */
    static List<Stage> of(final String pipeline, final LogicalPlan plan, final Map<Integer, StagePlacement> placements) {
        final List<PlanStep> steps = plan.steps();
        final List<Stage> stages = new ArrayList<>();
        final int[] stageOf = new int[steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            final PlanStep step = steps.get(i);
            requireOneConsumer(pipeline, plan, i);
            if (step instanceof SourceStep source) {
                stages.add(new Stage(source.name() + "-0", null, source.parallelism(), null, null, new int[0]));
                stageOf[i] = 0;
                continue;
            }
            final PlanEdge edge = requireOneCompiledEdge(pipeline, plan, i);
            if (step instanceof SideOutputStep) {
                continue;
            }
            if (step instanceof KeyByStep keyBy) {
                stages.add(new Stage("keyed-" + stages.size(), keyBy.keySelector(), keyBy.parallelism(), keyBy.idleStrategy(),
                        placements.get(i), keyBy.cpus().stream().mapToInt(Integer::intValue).toArray()));
                stageOf[i] = stages.size() - 1;
                continue;
            }
            stageOf[i] = stageOf[edge.upstream()];
            if (!(step instanceof SinkStep)) {
                stages.get(stageOf[i]).add(StepOperators.name(step), StepOperators.of(plan, i));
            }
        }
        return stages;
    }

    /** Refuses fan-out: a step read by more than one step, side outputs declared on its stream aside. */
    private static void requireOneConsumer(final String pipeline, final LogicalPlan plan, final int index) {
        final List<Integer> consumers = plan.consumers(index).stream()
                .filter(consumer -> !(plan.steps().get(consumer) instanceof SideOutputStep))
                .toList();
        if (consumers.size() > 1) {
            throw new UnsupportedOperationException("pipeline '" + pipeline + "': " + plan.describe(index) + " feeds " + consumers.size()
                    + " steps (" + consumers.stream().map(plan::describe).collect(Collectors.joining(", "))
                    + "): fan-out is not compiled yet; each stream may have one consumer");
        }
    }

    /** @return the one edge a step reads, of the kind its step type compiles to */
    private static PlanEdge requireOneCompiledEdge(final String pipeline, final LogicalPlan plan, final int index) {
        final PlanStep step = plan.steps().get(index);
        final String where = "pipeline '" + pipeline + "': " + plan.describe(index);
        if (step.inputs().size() != 1) {
            throw new UnsupportedOperationException(where + " reads " + step.inputs().size() + " streams: steps of several inputs are "
                    + "not compiled yet");
        }
        final PlanEdge edge = step.inputs().get(0);
        final EdgeKind expected = step instanceof KeyByStep ? EdgeKind.KEY_PARTITIONED : EdgeKind.FORWARD;
        if (edge.kind() != expected) {
            throw new UnsupportedOperationException(where + " reads step " + edge.upstream() + " over a " + edge.kind() + " edge: "
                    + step.getClass().getSimpleName() + " compiles from a " + expected + " edge only");
        }
        return edge;
    }
}
