package dev.weir.plan;

import java.util.function.Predicate;

/**
 * {@code DataStream.filter}: keeps the records the predicate accepts. Immutable.
 *
 * @param input the index of the step it reads
 * @param predicate the user's predicate
 */
public record FilterStep(int input, Predicate<?> predicate) implements PlanStep {
}
