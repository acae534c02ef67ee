package dev.weir.plan;

import dev.weir.operator.OutputTag;
import dev.weir.state.AggregateFunction;
import dev.weir.state.ReduceFunction;
import dev.weir.window.Evictor;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Trigger;
import dev.weir.window.WindowAssigner;
import java.util.List;
import java.util.Objects;

/**
 * {@code KeyedStream.window(...)} and its settings, ended by a window function
 * (docs/semantics.md §4). Its input is the {@link KeyByStep} it windows. Immutable.
 *
 * @param inputs the edge of the {@link KeyByStep} it windows
 * @param assigner the window assigner
 * @param trigger the trigger given, or null for the assigner's default trigger
 * @param evictor the evictor, or null
 * @param allowedLatenessMillis allowed lateness in milliseconds, 0 unless given
 * @param lateDataTag the side output of records too late for every window, or null (dropped)
 * @param function which window function, and so which of the next three fields are set
 * @param reduce the reduce function of {@link WindowFunctionKind#REDUCE}, else null
 * @param aggregate the aggregate function of {@link WindowFunctionKind#AGGREGATE} and
 *     {@link WindowFunctionKind#AGGREGATE_PROCESS}, else null
 * @param process the process window function of {@link WindowFunctionKind#PROCESS} and
 *     {@link WindowFunctionKind#AGGREGATE_PROCESS}, else null
 */
public record WindowStep(
        List<PlanEdge> inputs,
        WindowAssigner<?, ?> assigner,
        Trigger<?, ?> trigger,
        Evictor<?, ?> evictor,
        long allowedLatenessMillis,
        OutputTag<?> lateDataTag,
        WindowFunctionKind function,
        ReduceFunction<?> reduce,
        AggregateFunction<?, ?, ?> aggregate,
        ProcessWindowFunction<?, ?, ?, ?> process) implements PlanStep {
    /** Copies the input edges and checks that the function fields match the kind. */
    public WindowStep {
        inputs = List.copyOf(inputs);
        Objects.requireNonNull(assigner, "assigner");
        Objects.requireNonNull(function, "function");
        final boolean reduces = function == WindowFunctionKind.REDUCE;
        final boolean aggregates = function == WindowFunctionKind.AGGREGATE || function == WindowFunctionKind.AGGREGATE_PROCESS;
        final boolean processes = function == WindowFunctionKind.PROCESS || function == WindowFunctionKind.AGGREGATE_PROCESS;
        if ((reduce != null) != reduces || (aggregate != null) != aggregates || (process != null) != processes) {
            throw new IllegalArgumentException("a " + function + " window step sets exactly the functions of its kind");
        }
    }

    /** The window reading one step over a {@link EdgeKind#FORWARD} edge; the other fields as above. */
    public WindowStep(final int input, final WindowAssigner<?, ?> assigner, final Trigger<?, ?> trigger, final Evictor<?, ?> evictor,
            final long allowedLatenessMillis, final OutputTag<?> lateDataTag, final WindowFunctionKind function, final ReduceFunction<?> reduce,
            final AggregateFunction<?, ?, ?> aggregate, final ProcessWindowFunction<?, ?, ?, ?> process) {
        this(PlanStep.forwardFrom(input), assigner, trigger, evictor, allowedLatenessMillis, lateDataTag, function, reduce, aggregate, process);
    }
}
