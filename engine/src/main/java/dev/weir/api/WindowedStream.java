package dev.weir.api;

import dev.weir.operator.OutputTag;
import dev.weir.plan.WindowFunctionKind;
import dev.weir.plan.WindowStep;
import dev.weir.state.AggregateFunction;
import dev.weir.state.ReduceFunction;
import dev.weir.window.Evictor;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Trigger;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import dev.weir.window.WindowOperator;
import java.util.Objects;

/**
 * A keyed stream cut into windows: set the trigger, evictor, allowed lateness and late side
 * output, then finish with a window function (docs/semantics.md §4).
 *
 * @param <T> the record type
 * @param <K> the key type
 * @param <W> the window type
 */
public final class WindowedStream<T, K, W extends Window> {
    private final StreamPipeline pipeline;
    /** The index of the windowed stream's {@link dev.weir.plan.KeyByStep} in the logical plan. */
    private final int keyByStep;
    /** What the user gave, recorded in the plan's window step, from which the window operator is built. */
    private final WindowAssigner<? super T, W> assigner;
    private Trigger<? super T, ? super W> trigger;
    private Evictor<? super T, ? super W> evictor;
    private long allowedLatenessMillis;
    private OutputTag<T> lateDataTag;

    WindowedStream(final StreamPipeline pipeline, final int keyByStep, final WindowAssigner<? super T, W> assigner) {
        this.pipeline = pipeline;
        this.keyByStep = keyByStep;
        this.assigner = assigner;
    }

    /**
     * @param trigger replaces the assigner's default trigger
     * @return this stream
     */
    public WindowedStream<T, K, W> trigger(final Trigger<? super T, ? super W> trigger) {
        this.trigger = Objects.requireNonNull(trigger, "trigger");
        return this;
    }

    /**
     * @param evictor removes elements before/after the window function
     * @return this stream
     */
    public WindowedStream<T, K, W> evictor(final Evictor<? super T, ? super W> evictor) {
        this.evictor = Objects.requireNonNull(evictor, "evictor");
        return this;
    }

    /**
     * @param millis how long after a window's end late records still update and re-fire it
     * @return this stream
     */
    public WindowedStream<T, K, W> allowedLateness(final long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("allowedLateness must not be negative: " + millis);
        }
        this.allowedLatenessMillis = millis;
        return this;
    }

    /**
     * @param tag where records too late for all their windows go; consume it with
     *     {@link DataStream#sideOutput} on the result
     * @return this stream
     */
    public WindowedStream<T, K, W> sideOutputLateData(final OutputTag<T> tag) {
        this.lateDataTag = Objects.requireNonNull(tag, "tag");
        return this;
    }

    /**
     * @param reduce folds the window's records
     * @return the reduced value per window firing
     */
    public DataStream<T> reduce(final ReduceFunction<T> reduce) {
        Objects.requireNonNull(reduce, "reduce");
        return recorded(WindowFunctionKind.REDUCE, reduce, null, null);
    }

    /**
     * @param aggregate aggregates the window's records incrementally
     * @param <ACC> the accumulator type
     * @param <R> the result type
     * @return the aggregate's result per window firing
     */
    public <ACC, R> DataStream<R> aggregate(final AggregateFunction<T, ACC, R> aggregate) {
        Objects.requireNonNull(aggregate, "aggregate");
        return recorded(WindowFunctionKind.AGGREGATE, null, aggregate, null);
    }

    /**
     * @param aggregate aggregates incrementally
     * @param function sees the aggregate with the window's context
     * @param <ACC> the accumulator type
     * @param <V> the aggregate's result type
     * @param <R> the result type
     * @return the function's results
     */
    public <ACC, V, R> DataStream<R> aggregate(final AggregateFunction<T, ACC, V> aggregate, final ProcessWindowFunction<V, R, K, W> function) {
        Objects.requireNonNull(aggregate, "aggregate");
        Objects.requireNonNull(function, "function");
        return recorded(WindowFunctionKind.AGGREGATE_PROCESS, null, aggregate, function);
    }

    /**
     * @param function sees all records of a window
     * @param <R> the result type
     * @return the function's results
     */
    public <R> DataStream<R> process(final ProcessWindowFunction<T, R, K, W> function) {
        Objects.requireNonNull(function, "function");
        return recorded(WindowFunctionKind.PROCESS, null, null, function);
    }

    /** Records the window with its function in the logical plan; the stream of its results. */
    private <R> DataStream<R> recorded(final WindowFunctionKind kind, final ReduceFunction<T> reduce,
            final AggregateFunction<T, ?, ?> aggregate, final ProcessWindowFunction<?, ?, K, W> process) {
        if (trigger != null) {
            WindowOperator.requireCompatible(assigner, trigger); // the assigner's default trigger fits its windows
        }
        return new DataStream<>(pipeline, pipeline.record(new WindowStep(keyByStep, assigner, trigger, evictor, allowedLatenessMillis,
                lateDataTag, kind, reduce, aggregate, process)));
    }
}
