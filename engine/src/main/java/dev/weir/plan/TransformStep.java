package dev.weir.plan;

import dev.weir.operator.OperatorFactory;
import java.util.List;

/**
 * {@code DataStream.transform} or {@code KeyedStream.transform}: an operator the user built,
 * known only by its factory, so not translatable to another runtime. Keyed when its input is a
 * {@link KeyByStep}. Immutable.
 *
 * @param inputs the edge of the step it reads
 * @param name the name given
 * @param operator the user's operator factory
 */
public record TransformStep(List<PlanEdge> inputs, String name, OperatorFactory<?, ?> operator) implements PlanStep {
    /** Copies the input edges. */
    public TransformStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public TransformStep(final int input, final String name, final OperatorFactory<?, ?> operator) {
        this(PlanStep.forwardFrom(input), name, operator);
    }

    /** @return false: an opaque operator cannot be described to another runtime */
    @Override
    public boolean translatable() {
        return false;
    }
}
