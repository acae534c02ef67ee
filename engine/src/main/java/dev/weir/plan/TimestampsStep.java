package dev.weir.plan;

import dev.weir.time.WatermarkStrategy;
import java.util.List;

/**
 * {@code DataStream.assignTimestampsAndWatermarks}: new timestamps and watermarks from here on
 * (docs/semantics.md §1). Immutable.
 *
 * @param inputs the edge of the step it reads
 * @param watermarks the strategy given
 */
public record TimestampsStep(List<PlanEdge> inputs, WatermarkStrategy<?> watermarks) implements PlanStep {
    /** Copies the input edges. */
    public TimestampsStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public TimestampsStep(final int input, final WatermarkStrategy<?> watermarks) {
        this(PlanStep.forwardFrom(input), watermarks);
    }
}
