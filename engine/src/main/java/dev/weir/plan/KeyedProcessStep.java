package dev.weir.plan;

import dev.weir.operator.KeyedProcessFunction;

/**
 * {@code KeyedStream.process}: a function with keyed state and timers. Its input is the
 * {@link KeyByStep} it processes. Immutable.
 *
 * @param input the index of the step it reads
 * @param function the user's function
 */
public record KeyedProcessStep(int input, KeyedProcessFunction<?, ?, ?> function) implements PlanStep {
}
