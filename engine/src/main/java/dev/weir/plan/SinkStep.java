package dev.weir.plan;

import dev.weir.runtime.Sink;

/**
 * {@code DataStream.sink}: where the pipeline's results go; the last step of a finished plan. Immutable.
 *
 * @param input the index of the step it reads
 * @param sink the user's sink
 */
public record SinkStep(int input, Sink<?> sink) implements PlanStep {
}
