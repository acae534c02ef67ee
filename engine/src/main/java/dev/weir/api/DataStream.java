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
import dev.weir.plan.UnionStep;
import dev.weir.runtime.sink.Sink;
import dev.weir.state.MapStateDescriptor;
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
 * A stream may be read by several steps (fan-out), merged with others ({@link #union}) or
 * connected to another one for a two-input operator ({@link #connect}).
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
     * Merges streams of one type into one: the step reading the union takes every channel of
     * every unioned stream into one valve, so its watermark is the minimum over all of them
     * (docs/semantics.md §7). Read by a keyBy, the keyed stage reads the unioned streams itself;
     * read by a non-keyed step, a union stage ({@code union-<n>}, as many instances as the
     * widest unioned stream) reads them.
     *
     * @param others the streams merged with this one, of this pipeline
     * @return the union
     * @throws IllegalArgumentException if a stream is given twice or unioned with itself
     */
    @SafeVarargs
    public final DataStream<T> union(final DataStream<T>... others) {
        if (others.length == 0) {
            throw new IllegalArgumentException("DataStream.union: give at least one stream to merge with this one");
        }
        final int[] steps = new int[others.length + 1];
        steps[0] = planStep;
        for (int i = 0; i < others.length; i++) {
            final DataStream<T> other = Objects.requireNonNull(others[i], "others[" + i + "]");
            if (other.pipeline != pipeline) {
                throw new IllegalArgumentException("DataStream.union: stream " + i + " belongs to another pipeline");
            }
            for (int j = 0; j <= i; j++) {
                if (steps[j] == other.planStep) {
                    throw new IllegalArgumentException("DataStream.union: the stream of plan step " + other.planStep
                            + (j == 0 ? " is unioned with itself" : " is given twice"));
                }
            }
            steps[i + 1] = other.planStep;
        }
        return new DataStream<>(pipeline, pipeline.record(UnionStep.of(steps)));
    }

    /**
     * Connects another stream for a two-input operator ({@link ConnectedStreams#transform}); use
     * {@link ConnectedStreams#keyBy} to partition both by key.
     *
     * @param other the second input
     * @param <R> its record type
     * @return the connected streams, not keyed: each input forwarded (round-robin between stages of different parallelism)
     */
    public <R> ConnectedStreams<T, R> connect(final DataStream<R> other) {
        Objects.requireNonNull(other, "other");
        ConnectedStreams.requireConnectable(pipeline, other.pipeline, planStep, other.planStep, "DataStream.connect");
        return new ConnectedStreams<>(pipeline, planStep, other.planStep, null, null, false, 0);
    }

    /**
     * Connects a broadcast stream as input 2: every instance of the two-input stage gets every
     * record of it; this stream's records are forwarded (the stage has this stream's parallelism).
     *
     * @param other the broadcast stream
     * @param <R> its record type
     * @return the broadcast connected stream, to finish with {@code process(BroadcastProcessFunction)}
     */
    public <R> BroadcastConnectedStream<T, R> connect(final BroadcastStream<R> other) {
        Objects.requireNonNull(other, "other");
        ConnectedStreams.requireConnectable(pipeline, other.pipeline, planStep, other.planStep, "DataStream.connect");
        return new BroadcastConnectedStream<>(new ConnectedStreams<>(pipeline, planStep, other.planStep, null, null, true, 0),
                other.descriptors());
    }

    /**
     * Joins this stream with another in windows, as Flink's {@code DataStream.join}: finish with
     * {@code where(..).equalTo(..).window(..).apply(..)} (docs/joins.md, "Window join and coGroup").
     *
     * @param other the second input
     * @param <T2> its record type
     * @return the join, to key and window
     */
    public <T2> JoinedStreams<T, T2> join(final DataStream<T2> other) {
        Objects.requireNonNull(other, "other");
        requireSamePipeline(other, "DataStream.join");
        return new JoinedStreams<>(this, other);
    }

    /**
     * Groups this stream with another by key and window, as Flink's {@code DataStream.coGroup}:
     * finish with {@code where(..).equalTo(..).window(..).apply(CoGroupFunction)}.
     *
     * @param other the second input
     * @param <T2> its record type
     * @return the coGroup, to key and window
     */
    public <T2> CoGroupedStreams<T, T2> coGroup(final DataStream<T2> other) {
        Objects.requireNonNull(other, "other");
        requireSamePipeline(other, "DataStream.coGroup");
        return new CoGroupedStreams<>(this, other);
    }

    private void requireSamePipeline(final DataStream<?> other, final String call) {
        if (other.pipeline != pipeline) {
            throw new IllegalArgumentException(call + ": the other stream belongs to another pipeline");
        }
    }

    /**
     * Makes this stream a broadcast stream: read as input 2 of connected streams, every record,
     * watermark and barrier of it reaches every instance of the two-input stage.
     *
     * @param descriptors the broadcast state its readers hold, registered in their operator
     * @return the broadcast stream
     * @throws IllegalArgumentException if two descriptors have one name
     */
    public BroadcastStream<T> broadcast(final MapStateDescriptor<?, ?>... descriptors) {
        final List<MapStateDescriptor<?, ?>> states = List.of(descriptors);
        for (int i = 0; i < states.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (states.get(j).name().equals(states.get(i).name())) {
                    throw new IllegalArgumentException("DataStream.broadcast: two broadcast state descriptors are named '"
                            + states.get(i).name() + "'");
                }
            }
        }
        return new BroadcastStream<>(pipeline, planStep, states);
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
