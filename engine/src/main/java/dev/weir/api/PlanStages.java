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

/**
 * Cuts a logical plan into the stages the runtime runs, from its steps and edges alone: the
 * source starts stage 0, each {@link EdgeKind#KEY_PARTITIONED} edge (into a {@link KeyByStep})
 * starts the next stage, and each step behind a {@link EdgeKind#FORWARD} edge is fused into the
 * stage of the step it reads: into the chain of that step when it is its only consumer, into a
 * forward branch of it when the stream fans out ({@link Segment}). Stages are numbered in plan order and named as they always were
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
     * @return the stages in plan order, each reading an earlier one (the source's stage first)
     * @throws UnsupportedOperationException if a step reads several streams or reads over a
     *     broadcast or union edge
     * @throws IllegalStateException if a stream leads to no sink
     */
    static List<Stage> of(final String pipeline, final LogicalPlan plan, final Map<Integer, StagePlacement> placements) {
        final List<PlanStep> steps = plan.steps();
        final List<Stage> stages = new ArrayList<>();
        // the stage and the segment whose output each step's output is
        final int[] stageOf = new int[steps.size()];
        final Segment[] segmentOf = new Segment[steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            final PlanStep step = steps.get(i);
            if (step instanceof SourceStep source) {
                stages.add(new Stage(source.name() + "-0", -1, null, source.parallelism(), null, null, new int[0]));
                stageOf[i] = 0;
                segmentOf[i] = stages.get(0).chain;
                requireConsumed(pipeline, plan, i);
                continue;
            }
            final PlanEdge edge = requireOneCompiledEdge(pipeline, plan, i);
            final int upstream = edge.upstream();
            if (step instanceof SideOutputStep) {
                continue;
            }
            final Segment feeding = segmentOf[upstream];
            if (step instanceof SinkStep sink) {
                feeding.consumers.add(new Segment.Consumer(null, null, sink.sink()));
                continue;
            }
            requireConsumed(pipeline, plan, i);
            if (step instanceof KeyByStep keyBy) {
                final Stage keyed = new Stage("keyed-" + stages.size(), stageOf[upstream], keyBy.keySelector(), keyBy.parallelism(),
                        keyBy.idleStrategy(), placements.get(i), keyBy.cpus().stream().mapToInt(Integer::intValue).toArray());
                stages.add(keyed);
                feeding.consumers.add(new Segment.Consumer(null, keyed, null));
                stageOf[i] = stages.size() - 1;
                segmentOf[i] = keyed.chain;
                continue;
            }
            stageOf[i] = stageOf[upstream];
            if (consumers(plan, upstream).size() == 1) {
                // the only consumer is fused into the chain of the step it reads (the step is that chain's last)
                segmentOf[i] = feeding;
            } else {
                final Segment branch = new Segment();
                feeding.consumers.add(new Segment.Consumer(branch, null, null));
                segmentOf[i] = branch;
            }
            segmentOf[i].add(StepOperators.name(step), StepOperators.of(plan, i));
        }
        return stages;
    }

    /** @return the steps reading a step's stream, side outputs declared on it aside */
    private static List<Integer> consumers(final LogicalPlan plan, final int index) {
        return plan.consumers(index).stream().filter(consumer -> !(plan.steps().get(consumer) instanceof SideOutputStep)).toList();
    }

    /** Refuses a stream nothing reads: a branch that leads to no sink would compute for nothing. */
    private static void requireConsumed(final String pipeline, final LogicalPlan plan, final int index) {
        if (consumers(plan, index).isEmpty()) {
            throw new IllegalStateException("pipeline '" + pipeline + "': the stream of " + plan.describe(index)
                    + " leads to no sink: end it with .sink(...)");
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
