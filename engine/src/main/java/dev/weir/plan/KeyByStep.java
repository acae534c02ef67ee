package dev.weir.plan;

import dev.weir.operator.KeySelector;
import dev.weir.runtime.IdleStrategyKind;
import java.util.List;

/**
 * {@code DataStream.keyBy}: records are partitioned by key into a new stage, whose settings
 * ({@code KeyedStream.parallelism}, {@code idleStrategy}, {@code cpus}) are as given when the
 * plan was taken. The steps that read it run in that stage. Immutable.
 *
 * @param input the index of the step it reads
 * @param keySelector the key of each record
 * @param parallelism instances of the keyed stage
 * @param idleStrategy how the stage's threads wait, or null for the pipeline's
 * @param cpus the CPU of each instance as given, possibly empty (threaded runtime only)
 */
public record KeyByStep(int input, KeySelector<?, ?> keySelector, int parallelism, IdleStrategyKind idleStrategy, List<Integer> cpus)
        implements PlanStep {
    /** Copies the CPU list. */
    public KeyByStep {
        cpus = List.copyOf(cpus);
    }
}
