package dev.weir.plan;

import dev.weir.operator.OperatorFactory;

/**
 * {@code DataStream.transform} or {@code KeyedStream.transform}: an operator the user built,
 * known only by its factory, so not translatable to another runtime. Keyed when its input is a
 * {@link KeyByStep}. Immutable.
 *
 * @param input the index of the step it reads
 * @param name the name given
 * @param operator the user's operator factory
 */
public record TransformStep(int input, String name, OperatorFactory<?, ?> operator) implements PlanStep {
    /** @return false: an opaque operator cannot be described to another runtime */
    @Override
    public boolean translatable() {
        return false;
    }
}
