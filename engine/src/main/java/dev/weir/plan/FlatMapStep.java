package dev.weir.plan;

import java.util.function.BiConsumer;

/**
 * {@code DataStream.flatMap}: zero or more results per record, given to a {@code Collector}. Immutable.
 *
 * @param input the index of the step it reads
 * @param function the user's function (record, collector)
 */
public record FlatMapStep(int input, BiConsumer<?, ?> function) implements PlanStep {
}
