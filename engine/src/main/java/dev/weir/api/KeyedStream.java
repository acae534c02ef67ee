package dev.weir.api;

import dev.weir.operator.KeySelector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OperatorFactory;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.KeyedProcessStep;
import dev.weir.plan.TransformStep;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A stream partitioned by key: the next operators run in a new stage whose instances each own
 * a contiguous range of key groups.
 *
 * @param <T> the record type
 * @param <K> the key type
 */
public final class KeyedStream<T, K> {
    private final StreamPipeline pipeline;
    private final KeySelector<? super T, K> keySelector;
    /** The index of this stream's {@link KeyByStep} in the logical plan. */
    private final int keyByStep;

    KeyedStream(final StreamPipeline pipeline, final KeySelector<? super T, K> keySelector, final int keyByStep) {
        this.pipeline = pipeline;
        this.keySelector = keySelector;
        this.keyByStep = keyByStep;
    }

    /** @return the key of each record */
    KeySelector<? super T, K> keySelector() {
        return keySelector;
    }

    /**
     * Connects another keyed stream of the same key type: a two-input operator reads both,
     * partitioned by key ({@link ConnectedStreams#transform}), with parallelism 1 until set.
     *
     * @param other the second input
     * @param <R> its record type
     * @return the keyed connected streams
     */
    public <R> ConnectedStreams<T, R> connect(final KeyedStream<R, K> other) {
        Objects.requireNonNull(other, "other");
        ConnectedStreams.requireConnectable(pipeline, other.pipeline, keyByStep, other.keyByStep, "KeyedStream.connect");
        return new ConnectedStreams<>(pipeline, keyByStep, other.keyByStep, keySelector, other.keySelector, false, 1);
    }

    /**
     * Connects a broadcast stream as input 2: this stream's records arrive by key, the broadcast
     * stream's at every instance.
     *
     * @param other the broadcast stream
     * @param <R> its record type
     * @return the broadcast connected stream, keyed on input 1, with parallelism 1 until set, to
     *     finish with {@code process(KeyedBroadcastProcessFunction)}
     */
    public <R> BroadcastConnectedStream<T, R> connect(final BroadcastStream<R> other) {
        Objects.requireNonNull(other, "other");
        ConnectedStreams.requireConnectable(pipeline, other.pipeline, keyByStep, other.planStep, "KeyedStream.connect");
        return new BroadcastConnectedStream<>(new ConnectedStreams<>(pipeline, keyByStep, other.planStep, keySelector, null, true, 1),
                other.descriptors());
    }

    /**
     * Joins another keyed stream of the same key type on the key and an interval of event time
     * (Flink's interval join), configured by {@link IntervalJoin#between}.
     *
     * @param other the right stream
     * @param <R> its record type
     * @return the join, to give its bounds
     */
    public <R> IntervalJoin<T, R, K> intervalJoin(final KeyedStream<R, K> other) {
        Objects.requireNonNull(other, "other");
        ConnectedStreams.requireConnectable(pipeline, other.pipeline, keyByStep, other.keyByStep, "KeyedStream.intervalJoin");
        return new IntervalJoin<>(this, other);
    }

    /**
     * Joins each record of this (left) stream with the record of the right stream, of the same
     * key, that was current at its timestamp: Weir's as-of join (docs/joins.md, "As-of join"),
     * finished with {@link AsOfJoin#process}.
     *
     * @param right the right stream: per key, a history of versions
     * @param <R> its record type
     * @return the as-of join, to configure and finish
     */
    public <R> AsOfJoin<T, R, K> asOfJoin(final KeyedStream<R, K> right) {
        Objects.requireNonNull(right, "right");
        ConnectedStreams.requireConnectable(pipeline, right.pipeline, keyByStep, right.keyByStep, "KeyedStream.asOfJoin");
        return new AsOfJoin<>(this, right);
    }

    /** @return the keyed stage's settings as recorded in the plan */
    private KeyByStep settings() {
        return (KeyByStep) pipeline.recorded(keyByStep);
    }

    /** Records the keyed stage's new settings in the plan's {@link KeyByStep}, in place: the steps reading it stay. */
    private KeyedStream<T, K> recordSettings(final int parallelism, final IdleStrategyKind idleStrategy, final List<Integer> cpus) {
        pipeline.rerecord(keyByStep, new KeyByStep(settings().inputs(), keySelector, parallelism, idleStrategy, cpus));
        return this;
    }

    /**
     * @param instances parallel instances of the keyed stage (at most the max parallelism)
     * @return this stream
     */
    public KeyedStream<T, K> parallelism(final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + instances);
        }
        return recordSettings(instances, settings().idleStrategy(), settings().cpus());
    }

    /**
     * @param idleStrategy how the keyed stage's threads wait when idle
     * @return this stream
     */
    public KeyedStream<T, K> idleStrategy(final IdleStrategyKind idleStrategy) {
        Objects.requireNonNull(idleStrategy, "idleStrategy");
        return recordSettings(settings().parallelism(), idleStrategy, settings().cpus());
    }

    /**
     * Sets where the keyed stage runs, whatever the pipeline's {@link StreamPipeline#placement}
     * says. {@link StagePlacement#INLINE} runs it on the thread of the one instance feeding it:
     * the stage must have parallelism 1 and be fed by one instance, and may set neither CPUs nor an
     * idle strategy; {@link StreamPipeline#start()} refuses it otherwise. See docs/runtime.md,
     * "Stage placement".
     *
     * @param where the keyed stage's placement
     * @return this stream
     */
    public KeyedStream<T, K> placement(final StagePlacement where) {
        pipeline.placement(keyByStep, Objects.requireNonNull(where, "where"));
        return this;
    }

    /**
     * Pins the keyed stage's threads: instance {@code i} runs on {@code cpuIds[i]}, whatever the
     * pipeline's {@link StreamPipeline#cpus} says; instances beyond the list follow the pipeline's
     * list, which skips every CPU a stage pins. Two stages pinning tasks to one CPU fail
     * {@link StreamPipeline#start()}. Busy-spinning instances that share a thread run on the CPU of
     * its first pinned task (one warning if they name different ones). A thread that cannot be
     * pinned runs unpinned with one warning. See docs/runtime.md, "CPU pinning".
     *
     * @param cpuIds one CPU per instance, distinct, each at least 0
     * @return this stream
     */
    public KeyedStream<T, K> cpus(final int... cpuIds) {
        final List<Integer> cpus = Arrays.stream(StreamPipeline.cpuList(cpuIds)).boxed().toList();
        return recordSettings(settings().parallelism(), settings().idleStrategy(), cpus);
    }

    /**
     * @param assigner the windows of each record
     * @param <W> the window type
     * @return the windowed stream, to configure and finish with a window function
     */
    public <W extends Window> WindowedStream<T, K, W> window(final WindowAssigner<? super T, W> assigner) {
        Objects.requireNonNull(assigner, "assigner");
        return new WindowedStream<>(pipeline, keyByStep, assigner);
    }

    /**
     * @param function processes each record with keyed state and timers
     * @param <R> the result type
     * @return the results
     */
    public <R> DataStream<R> process(final KeyedProcessFunction<K, T, R> function) {
        Objects.requireNonNull(function, "function");
        return new DataStream<>(pipeline, pipeline.record(new KeyedProcessStep(keyByStep, function)));
    }

    /**
     * Runs a custom operator as the keyed stage's first operator, e.g. a window operator built
     * with {@code WindowOperatorBuilder}; records reach each instance by key group as for
     * {@link #window} and {@link #process}.
     *
     * @param name names the operator in metrics
     * @param operator makes the operator of each instance
     * @param <R> the result type
     * @return the operator's results
     */
    public <R> DataStream<R> transform(final String name, final OperatorFactory<T, R> operator) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operator, "operator");
        return new DataStream<>(pipeline, pipeline.record(new TransformStep(keyByStep, name, operator)));
    }
}
