package dev.weir.plan;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * {@code DataStream.flatMap}: zero or more results per record, given to a {@code Collector}. Immutable.
 *
 * @param inputs the edge of the step it reads
 * @param function the user's function (record, collector)
 */
public record FlatMapStep(List<PlanEdge> inputs, BiConsumer<?, ?> function) implements PlanStep {
    /** Copies the input edges. */
    public FlatMapStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public FlatMapStep(final int input, final BiConsumer<?, ?> function) {
        this(PlanStep.forwardFrom(input), function);
    }
}
