package dev.weir.api;

import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.runtime.IdleStrategyKind;
import java.util.List;

/**
 * One stage of a compiled pipeline, cut from the logical plan by {@link PlanStages}: the operators
 * fused into each of its tasks, and how records reach it.
 */
final class Stage {
    final String name;
    final KeySelector<?, ?> inputKey;
    /** The stage's index of the stage feeding it, or -1 for the source's. */
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

    Stage(final String name, final int input, final KeySelector<?, ?> inputKey, final int parallelism, final IdleStrategyKind idleStrategy,
            final StagePlacement placement, final int[] cpus) {
        this.name = name;
        this.input = input;
        this.inputKey = inputKey;
        this.parallelism = parallelism;
        this.idleStrategy = idleStrategy;
        this.placement = placement;
        this.cpus = cpus;
    }
}
