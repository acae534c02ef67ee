package dev.weir.api;

import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.List;

/**
 * One stage of a compiled pipeline, cut from the logical plan by {@link PlanStages}: the operators
 * fused into each of its tasks, and how records reach it.
 */
final class Stage {
    final String name;
    final KeySelector<?, ?> inputKey;
    final List<String> operatorNames = new ArrayList<>();
    final List<OperatorFactory<?, ?>> operators = new ArrayList<>();
    final int parallelism;
    final IdleStrategyKind idleStrategy;
    /** Where the stage runs, or null for the pipeline's placement of keyed stages. */
    final StagePlacement placement;
    /** The CPU of each instance, in instance order; instances beyond it follow the pipeline's list. */
    final int[] cpus;

    Stage(final String name, final KeySelector<?, ?> inputKey, final int parallelism, final IdleStrategyKind idleStrategy,
            final StagePlacement placement, final int[] cpus) {
        this.name = name;
        this.inputKey = inputKey;
        this.parallelism = parallelism;
        this.idleStrategy = idleStrategy;
        this.placement = placement;
        this.cpus = cpus;
    }

    void add(final String operatorName, final OperatorFactory<?, ?> factory) {
        operatorNames.add(operatorName);
        operators.add(factory);
    }
}
