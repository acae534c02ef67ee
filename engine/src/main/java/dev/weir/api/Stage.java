package dev.weir.api;

import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.plan.PlanStep;
import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.List;

/** One stage of a pipeline: the operators fused into each of its tasks, and how records reach it. */
final class Stage {
    final String name;
    final KeySelector<?, ?> inputKey;
    final List<String> operatorNames = new ArrayList<>();
    final List<OperatorFactory<?, ?>> operators = new ArrayList<>();
    int parallelism;
    IdleStrategyKind idleStrategy;
    /** Where the stage runs, or null for the pipeline's placement of keyed stages. */
    StagePlacement placement;
    /** The CPU of each instance, in instance order; instances beyond it follow the pipeline's list. */
    int[] cpus = new int[0];
    /** The index in the logical plan of the step last recorded in this stage: what the next one reads. */
    int planTail = PlanStep.NO_INPUT;

    Stage(final String name, final KeySelector<?, ?> inputKey, final int parallelism) {
        this.name = name;
        this.inputKey = inputKey;
        this.parallelism = parallelism;
    }

    void add(final String operatorName, final OperatorFactory<?, ?> factory) {
        operatorNames.add(operatorName);
        operators.add(factory);
    }
}
