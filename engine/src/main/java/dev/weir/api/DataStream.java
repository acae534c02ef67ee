package dev.weir.api;

import dev.weir.operator.Collector;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.OutputTag;
import dev.weir.plan.FilterStep;
import dev.weir.plan.FlatMapStep;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.MapStep;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SideOutputStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.TimestampsStep;
import dev.weir.plan.TransformStep;
import dev.weir.runtime.Sink;
import dev.weir.time.WatermarkStrategy;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * A stream of records in a pipeline under construction. Stateless steps ({@code map},
 * {@code filter}, {@code flatMap}, {@code assignTimestampsAndWatermarks}) are fused into the
 * current stage's tasks; {@code keyBy} starts a new stage behind keyed ring-buffer edges.
 * Each stream is consumed once: pipelines are linear.
 *
 * @param <T> the record type
 */
public class DataStream<T> {
    final StreamPipeline pipeline;
    /** The index in the logical plan of the step whose output this stream is. */
    final int planStep;

    DataStream(final StreamPipeline pipeline, final int planStep) {
        this.pipeline = pipeline;
        this.planStep = planStep;
    }

    /** Records a step reading this stream over a forward edge; the stream of its output. */
    final <R> DataStream<R> then(final IntFunction<PlanStep> step) {
        return new DataStream<>(pipeline, pipeline.record(step.apply(planStep)));
    }

    /**
     * @param mapper a one-to-one transformation
     * @param <R> the result type
     * @return the transformed stream (fused)
     */
    public <R> DataStream<R> map(final Function<? super T, ? extends R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return then(input -> new MapStep(input, mapper));
    }

    /**
     * @param predicate keeps the records it accepts
     * @return the filtered stream (fused)
     */
    public DataStream<T> filter(final Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return then(input -> new FilterStep(input, predicate));
    }

    /**
     * @param function emits zero or more results per record
     * @param <R> the result type
     * @return the transformed stream (fused)
     */
    public <R> DataStream<R> flatMap(final BiConsumer<? super T, Collector<R>> function) {
        Objects.requireNonNull(function, "function");
        return then(input -> new FlatMapStep(input, function));
    }

    /**
     * Replaces timestamps and watermarks from here on (docs/semantics.md §1: upstream watermarks are
     * dropped, only the final MAX passes).
     *
     * @param strategy the new timestamps and watermarks
     * @return the re-timed stream (fused)
     */
    public DataStream<T> assignTimestampsAndWatermarks(final WatermarkStrategy<T> strategy) {
        Objects.requireNonNull(strategy, "strategy");
        return then(input -> new TimestampsStep(input, strategy));
    }

    /**
     * @param name names the step
     * @param operator makes the operator of each task
     * @param <R> the result type
     * @return the stream after a custom operator (fused)
     */
    public <R> DataStream<R> transform(final String name, final OperatorFactory<T, R> operator) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operator, "operator");
        return then(input -> new TransformStep(input, name, operator));
    }

    /**
     * Partitions by key: records of one key go to one instance of the next stage (Flink's
     * key-group assignment).
     *
     * @param keySelector the key of each record
     * @param <K> the key type
     * @return the keyed stream
     */
    public <K> KeyedStream<T, K> keyBy(final KeySelector<? super T, K> keySelector) {
        Objects.requireNonNull(keySelector, "keySelector");
        final int step = pipeline.record(new KeyByStep(planStep, keySelector, 1, null, List.of()));
        return new KeyedStream<>(pipeline, keySelector, step);
    }

    /**
     * Sends the records of a side output (e.g. late data) to a sink, called from the producing
     * task's thread. The tag is the pipeline's: any operator that emits it feeds the sink. The
     * sink has a {@link Sink}'s lifecycle: every task instance of every stage takes its own
     * {@link Sink#instance} and tells it of each checkpoint ({@link Sink#checkpoint}, at the
     * barrier, after the records before it), of its end ({@link Sink#finish}) and of its close
     * ({@link Sink#close}); the sink given hears {@link Sink#allFinished} once, after every
     * instance finished, and {@link Sink#checkpointCompleted}. It gets no watermarks. A lambda
     * {@code (record, timestamp) -> ...} is a sink that only accepts records.
     *
     * @param tag the side output
     * @param sink receives its records
     * @param <X> the record type
     * @return this stream
     */
    public <X> DataStream<T> sideOutput(final OutputTag<X> tag, final Sink<? super X> sink) {
        Objects.requireNonNull(sink, "sink");
        pipeline.record(new SideOutputStep(planStep, tag, sink));
        return this;
    }

    /**
     * Ends this stream in a sink, fused into this stage's tasks: one sink object for every
     * instance of the stage, called from each instance's thread. A pipeline may have several
     * sinks, on streams that fan out (docs/runtime.md, "Fan-out"). Each instance calls
     * {@link Sink#finish()} once when its input ends; the last one then calls
     * {@link Sink#allFinished()}, once for the pipeline.
     *
     * @param sink receives every record
     * @return the pipeline, ready to start
     */
    public StreamPipeline sink(final Sink<? super T> sink) {
        Objects.requireNonNull(sink, "sink");
        pipeline.record(new SinkStep(planStep, sink));
        return pipeline;
    }
}
