package dev.weir.api;

import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.plan.EdgeKind;
import dev.weir.plan.SourceStep;
import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.List;

/**
 * One stage of a compiled pipeline, cut from the logical plan by {@link PlanStages}: the operators
 * fused into each of its tasks, and how records reach it: a source stage reads its
 * {@link SourceStep}, every other stage reads the {@link Edge edges} into it, from earlier stages.
 */
final class Stage {
    final String name;
    /** The stage's index in the pipeline's stage list (stage order is a topological order). */
    final int index;
    /** The source step a source stage reads, or null. */
    final SourceStep source;
    /** The edges into the stage, in the order its tasks list their channels (input 1's before input 2's). */
    final List<Edge> inputs = new ArrayList<>();
    /** True for a stage whose head operator has two inputs. */
    final boolean twoInput;
    /** The key of the first keyed edge into the stage, or null. */
    final KeySelector<?, ?> inputKey;
    /** The stage's index of the stage feeding it first, or -1 for a source's. */
    final int input;
    /** The chain of each task, with the forward branches and consumers behind it. */
    final Segment chain = new Segment();
    final List<String> operatorNames = chain.operatorNames;
    final List<OperatorFactory<?, ?>> operators = chain.operators;
    final int parallelism;
    final IdleStrategyKind idleStrategy;
    /** Where the stage runs, or null for the pipeline's placement of keyed stages. */
    final StagePlacement placement;
    /** The CPU of each instance, in instance order; instances beyond it follow the pipeline's list. */
    final int[] cpus;

    Stage(final String name, final int index, final SourceStep source, final List<Edge> inputs, final boolean twoInput,
            final int parallelism, final IdleStrategyKind idleStrategy, final StagePlacement placement, final int[] cpus) {
        this.name = name;
        this.index = index;
        this.source = source;
        this.inputs.addAll(inputs);
        this.twoInput = twoInput;
        this.inputKey = inputs.stream().filter(edge -> edge.key() != null).map(Edge::key).findFirst().orElse(null);
        this.input = inputs.isEmpty() ? -1 : inputs.get(0).from().index;
        this.parallelism = parallelism;
        this.idleStrategy = idleStrategy;
        this.placement = placement;
        this.cpus = cpus;
    }

    /**
     * One edge into a stage: the channels from every instance of the stage it reads (the output
     * of one segment of it) to this stage's instances.
     *
     * @param from the stage read, earlier in stage order
     * @param kind {@link EdgeKind#KEY_PARTITIONED} (by key group), {@link EdgeKind#FORWARD}
     *     (instance i to instance i when the parallelisms match, round-robin otherwise) or
     *     {@link EdgeKind#BROADCAST} (every record to every instance)
     * @param key the key of a keyed edge, else null
     * @param inputNumber 1 or 2 into a two-input stage, 0 into a one-input stage
     */
    record Edge(Stage from, EdgeKind kind, KeySelector<?, ?> key, int inputNumber) {
        /**
         * @param to the stage the edge leads into
         * @return true when instance i feeds instance i only (a forward edge between stages of one parallelism)
         */
        boolean pointwise(final Stage to) {
            return kind == EdgeKind.FORWARD && from.parallelism == to.parallelism;
        }
    }
}
