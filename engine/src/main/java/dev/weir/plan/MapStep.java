package dev.weir.plan;

import java.util.List;
import java.util.function.Function;

/**
 * {@code DataStream.map}: one result per record. Immutable.
 *
 * @param inputs the edge of the step it reads
 * @param mapper the user's function
 */
public record MapStep(List<PlanEdge> inputs, Function<?, ?> mapper) implements PlanStep {
    /** Copies the input edges. */
    public MapStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public MapStep(final int input, final Function<?, ?> mapper) {
        this(PlanStep.forwardFrom(input), mapper);
    }
}
