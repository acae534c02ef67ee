package dev.weir.plan;

import java.util.List;
import java.util.function.Predicate;

/**
 * {@code DataStream.filter}: keeps the records the predicate accepts. Immutable.
 *
 * @param inputs the edge of the step it reads
 * @param predicate the user's predicate
 */
public record FilterStep(List<PlanEdge> inputs, Predicate<?> predicate) implements PlanStep {
    /** Copies the input edges. */
    public FilterStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public FilterStep(final int input, final Predicate<?> predicate) {
        this(PlanStep.forwardFrom(input), predicate);
    }
}
