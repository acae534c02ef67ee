package dev.weir.api;

import dev.weir.operator.CoFlatMapFunction;
import dev.weir.operator.CoMapFunction;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.KeySelector;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.operator.TwoInputOperatorFactory;
import dev.weir.plan.EdgeKind;
import dev.weir.plan.PlanEdge;
import dev.weir.plan.TwoInputFunction;
import dev.weir.plan.TwoInputStep;
import java.util.List;
import java.util.Objects;

/**
 * Two streams, possibly of different types, read by one two-input operator (docs/semantics.md
 * §7): made by {@code DataStream.connect} or {@code KeyedStream.connect}, and finished by
 * {@link #map(CoMapFunction)}, {@link #flatMap(CoFlatMapFunction)},
 * {@link #process(CoProcessFunction)}, {@link #process(KeyedCoProcessFunction)} or
 * {@link #transform}. Over keyed connected streams both inputs arrive partitioned by key (the
 * records of one key, from either input, reach one instance); over non-keyed ones each input is
 * forwarded (instance to instance when the parallelisms match, round-robin otherwise). A
 * {@link BroadcastStream} as input 2 makes a {@link BroadcastConnectedStream} instead. Immutable:
 * each setting returns new connected streams.
 *
 * @param <T1> the first input's record type
 * @param <T2> the second input's record type
 */
public final class ConnectedStreams<T1, T2> {
    private final StreamPipeline pipeline;
    private final int step1;
    private final int step2;
    private final KeySelector<? super T1, ?> key1;
    private final KeySelector<? super T2, ?> key2;
    private final boolean broadcast2;
    /** The two-input stage's instances; 0 for the parallelism of input 1's stage (not keyed). */
    private final int parallelism;

    ConnectedStreams(final StreamPipeline pipeline, final int step1, final int step2, final KeySelector<? super T1, ?> key1,
            final KeySelector<? super T2, ?> key2, final boolean broadcast2, final int parallelism) {
        this.pipeline = pipeline;
        this.step1 = step1;
        this.step2 = step2;
        this.key1 = key1;
        this.key2 = key2;
        this.broadcast2 = broadcast2;
        this.parallelism = parallelism;
    }

    /** Refuses to connect streams of two pipelines, or a stream with itself. */
    static void requireConnectable(final StreamPipeline pipeline, final StreamPipeline other, final int step, final int otherStep,
            final String call) {
        if (pipeline != other) {
            throw new IllegalArgumentException(call + ": the other stream belongs to another pipeline");
        }
        if (step == otherStep) {
            throw new IllegalArgumentException(call + ": the stream of plan step " + step + " is connected with itself");
        }
    }

    /** @return true when the first input is partitioned by key */
    public boolean isKeyed() {
        return key1 != null;
    }

    /**
     * Partitions both inputs by key: records of one key, from either input, reach one instance.
     *
     * @param keySelector1 the key of input 1's records
     * @param keySelector2 the key of input 2's records, of the same type and meaning
     * @param <K> the key type
     * @return the keyed connected streams, with parallelism 1 until set
     * @throws IllegalStateException if the streams are keyed already or input 2 is broadcast
     */
    public <K> ConnectedStreams<T1, T2> keyBy(final KeySelector<? super T1, K> keySelector1, final KeySelector<? super T2, K> keySelector2) {
        Objects.requireNonNull(keySelector1, "keySelector1");
        Objects.requireNonNull(keySelector2, "keySelector2");
        if (isKeyed() || broadcast2) {
            throw new IllegalStateException("ConnectedStreams.keyBy: the connected streams are " + (broadcast2 ? "broadcast" : "keyed")
                    + " already");
        }
        return new ConnectedStreams<>(pipeline, step1, step2, keySelector1, keySelector2, false, 1);
    }

    /**
     * @param instances the two-input stage's instances (at most the max parallelism)
     * @return connected streams with that parallelism
     * @throws IllegalStateException if input 1 is not keyed: a non-keyed two-input stage has the parallelism of its input 1
     */
    public ConnectedStreams<T1, T2> parallelism(final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + instances);
        }
        if (!isKeyed()) {
            throw new IllegalStateException("ConnectedStreams.parallelism: only keyed connected streams set their parallelism; these"
                    + " run with the parallelism of input 1");
        }
        return new ConnectedStreams<>(pipeline, step1, step2, key1, key2, broadcast2, instances);
    }

    /** @return true when input 2 is a broadcast stream */
    boolean isBroadcast() {
        return broadcast2;
    }

    /** @return input 1's key selector, or null when not keyed */
    KeySelector<? super T1, ?> key1() {
        return key1;
    }

    /** @return input 2's key selector, or null when not keyed */
    KeySelector<? super T2, ?> key2() {
        return key2;
    }

    /**
     * Maps each record of either input to one result, as Flink's {@code ConnectedStreams.map}:
     * {@code map1} for input 1, {@code map2} for input 2, each result stamped with its record's
     * timestamp; the operator ({@code coMap}) forwards the combined watermark of both inputs.
     *
     * @param mapper the function
     * @param <R> the result type
     * @return the results
     */
    public <R> DataStream<R> map(final CoMapFunction<T1, T2, R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return transform("coMap", TwoInputFunction.coMap(mapper).<T1, T2, R>factory());
    }

    /**
     * Turns each record of either input into zero or more results, as Flink's
     * {@code ConnectedStreams.flatMap}; results keep their record's timestamp.
     *
     * @param function the function
     * @param <R> the result type
     * @return the results
     */
    public <R> DataStream<R> flatMap(final CoFlatMapFunction<T1, T2, R> function) {
        Objects.requireNonNull(function, "function");
        return transform("coFlatMap", TwoInputFunction.coFlatMap(function).<T1, T2, R>factory());
    }

    /**
     * Processes the records of two connected streams, as Flink's
     * {@code ConnectedStreams.process(CoProcessFunction)}: timestamps, side outputs, the current
     * watermark and processing time. Over keyed connected streams it runs in the keyed co-process
     * operator ({@code coProcess}): both callbacks run with the record's key current, share its
     * keyed state ({@code ctx.state}) and timers, and {@code onTimer} fires with the timer's key
     * current; the context has no key (a {@link KeyedCoProcessFunction} reads it). Over non-keyed
     * ones there is no key: keyed state and timers are refused, as in Flink.
     *
     * @param function the function
     * @param <R> the result type
     * @return the results
     */
    public <R> DataStream<R> process(final CoProcessFunction<T1, T2, R> function) {
        Objects.requireNonNull(function, "function");
        final TwoInputFunction coProcess = isKeyed() ? TwoInputFunction.coProcess(key1, key2, function) : TwoInputFunction.coProcess(function);
        return transform("coProcess", coProcess.<T1, T2, R>factory());
    }

    /**
     * Processes the records of two connected streams keyed by one key type, as Flink's
     * {@code ConnectedStreams.process(KeyedCoProcessFunction)}: both callbacks see the record's key,
     * share its keyed state and timers; event-time timers fire on the combined watermark.
     *
     * @param function the function
     * @param <K> the key type
     * @param <R> the result type
     * @return the results
     * @throws UnsupportedOperationException if the connected streams are not keyed on both inputs (a
     *     {@link CoProcessFunction} runs on them)
     */
    public <K, R> DataStream<R> process(final KeyedCoProcessFunction<K, T1, T2, R> function) {
        Objects.requireNonNull(function, "function");
        if (key1 == null || key2 == null) {
            throw new UnsupportedOperationException("ConnectedStreams.process: a KeyedCoProcessFunction can only be used when both"
                    + " inputs are keyed; these connected streams are not. Connect two KeyedStreams, or call keyBy(keySelector1, keySelector2) first");
        }
        return transform("keyedCoProcess", TwoInputFunction.keyedCoProcess(key1, key2, function).<T1, T2, R>factory());
    }

    /**
     * Runs a two-input operator over the connected streams, in a stage of its own
     * ({@code two-input-<n>}): input 1's records reach {@code processRecord1} (or
     * {@code processKeyedRecord1} with the key), input 2's {@code processRecord2} (or
     * {@code processKeyedRecord2}); the operator sees the combined watermark of both inputs.
     *
     * @param name names the operator in metrics and checkpoints
     * @param operator makes the operator of each instance
     * @param <R> the result type
     * @return the operator's results
     */
    public <R> DataStream<R> transform(final String name, final TwoInputOperatorFactory<T1, T2, R> operator) {
        return transform(name, operator, null);
    }

    /** Records the two-input step, with a description another runtime may translate (or null). */
    <R> DataStream<R> transform(final String name, final TwoInputOperatorFactory<T1, T2, R> operator, final String description) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operator, "operator");
        final PlanEdge edge1 = new PlanEdge(step1, isKeyed() ? EdgeKind.KEY_PARTITIONED : EdgeKind.FORWARD);
        final PlanEdge edge2 = new PlanEdge(step2, broadcast2 ? EdgeKind.BROADCAST : key2 != null ? EdgeKind.KEY_PARTITIONED : EdgeKind.FORWARD);
        return new DataStream<>(pipeline, pipeline.record(new TwoInputStep(List.of(edge1, edge2), name, operator, key1, key2,
                parallelism, description)));
    }
}
