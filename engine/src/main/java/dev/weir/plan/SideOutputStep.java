package dev.weir.plan;

import dev.weir.operator.OutputTag;
import dev.weir.runtime.Sink;

/**
 * {@code DataStream.sideOutput}: the records of a tag go to a sink. The tag is the pipeline's:
 * any operator that emits it (a window's late data, a process function's {@code output}) feeds
 * this sink; {@code input} is the step of the stream it was declared on. When a tag is declared
 * twice, the later sink replaces the earlier one, as when the pipeline runs. Immutable.
 *
 * @param input the index of the step whose stream declared it
 * @param tag the side output
 * @param sink receives its records
 */
public record SideOutputStep(int input, OutputTag<?> tag, Sink<?> sink) implements PlanStep {
}
