package dev.weir.plan;

import dev.weir.operator.OutputTag;
import dev.weir.runtime.sink.Sink;
import java.util.List;

/**
 * {@code DataStream.sideOutput}: the records of a tag go to a sink. The tag is the pipeline's:
 * any operator that emits it (a window's late data, a process function's {@code output}) feeds
 * this sink; {@code input} is the step of the stream it was declared on. When a tag is declared
 * twice, the later sink replaces the earlier one, as when the pipeline runs. Immutable.
 *
 * @param inputs the edge of the step whose stream declared it
 * @param tag the side output
 * @param sink receives its records
 */
public record SideOutputStep(List<PlanEdge> inputs, OutputTag<?> tag, Sink<?> sink) implements PlanStep {
    /** Copies the input edges. */
    public SideOutputStep {
        inputs = List.copyOf(inputs);
    }

    /** The step reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public SideOutputStep(final int input, final OutputTag<?> tag, final Sink<?> sink) {
        this(PlanStep.forwardFrom(input), tag, sink);
    }
}
