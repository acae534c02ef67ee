package dev.weir.plan;

import java.util.function.Function;

/**
 * {@code DataStream.map}: one result per record. Immutable.
 *
 * @param input the index of the step it reads
 * @param mapper the user's function
 */
public record MapStep(int input, Function<?, ?> mapper) implements PlanStep {
}
