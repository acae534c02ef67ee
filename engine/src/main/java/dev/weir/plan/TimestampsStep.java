package dev.weir.plan;

import dev.weir.time.WatermarkStrategy;

/**
 * {@code DataStream.assignTimestampsAndWatermarks}: new timestamps and watermarks from here on
 * (docs/semantics.md §1). Immutable.
 *
 * @param input the index of the step it reads
 * @param watermarks the strategy given
 */
public record TimestampsStep(int input, WatermarkStrategy<?> watermarks) implements PlanStep {
}
