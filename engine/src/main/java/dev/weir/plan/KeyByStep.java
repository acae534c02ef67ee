package dev.weir.plan;

import dev.weir.operator.KeySelector;
import dev.weir.runtime.IdleStrategyKind;
import java.util.List;

/**
 * {@code DataStream.keyBy}: records are partitioned by key into a new stage, whose settings
 * ({@code KeyedStream.parallelism}, {@code idleStrategy}, {@code cpus}) are as given when the
 * plan was taken. The steps that read it run in that stage. Immutable.
 *
 * @param inputs the {@link EdgeKind#KEY_PARTITIONED} edge of the step it reads
 * @param keySelector the key of each record
 * @param parallelism instances of the keyed stage
 * @param idleStrategy how the stage's threads wait, or null for the pipeline's
 * @param cpus the CPU of each instance as given, possibly empty (threaded runtime only)
 */
public record KeyByStep(List<PlanEdge> inputs, KeySelector<?, ?> keySelector, int parallelism, IdleStrategyKind idleStrategy,
        List<Integer> cpus) implements PlanStep {
    /** Copies the input edges and the CPU list. */
    public KeyByStep {
        inputs = List.copyOf(inputs);
        cpus = List.copyOf(cpus);
    }

    /** The step partitioning one step by key ({@link EdgeKind#KEY_PARTITIONED}); the other fields as above. */
    public KeyByStep(final int input, final KeySelector<?, ?> keySelector, final int parallelism, final IdleStrategyKind idleStrategy,
            final List<Integer> cpus) {
        this(List.of(PlanEdge.keyPartitioned(input)), keySelector, parallelism, idleStrategy, cpus);
    }
}
