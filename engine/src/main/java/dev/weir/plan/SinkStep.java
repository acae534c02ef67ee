package dev.weir.plan;

import dev.weir.runtime.sink.Sink;
import java.util.List;

/**
 * {@code DataStream.sink}: where the pipeline's results go; the last step of a finished plan. Immutable.
 *
 * @param inputs the edge of the step it reads
 * @param sink the user's sink
 */
public record SinkStep(List<PlanEdge> inputs, Sink<?> sink) implements PlanStep {
    /** Copies the input edges. */
    public SinkStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public SinkStep(final int input, final Sink<?> sink) {
        this(PlanStep.forwardFrom(input), sink);
    }
}
