package dev.weir.plan;

import dev.weir.operator.KeyedProcessFunction;
import java.util.List;

/**
 * {@code KeyedStream.process}: a function with keyed state and timers. Its input is the
 * {@link KeyByStep} it processes. Immutable.
 *
 * @param inputs the edge of the step it reads
 * @param function the user's function
 */
public record KeyedProcessStep(List<PlanEdge> inputs, KeyedProcessFunction<?, ?, ?> function) implements PlanStep {
    /** Copies the input edges. */
    public KeyedProcessStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public KeyedProcessStep(final int input, final KeyedProcessFunction<?, ?, ?> function) {
        this(PlanStep.forwardFrom(input), function);
    }
}
