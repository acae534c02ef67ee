package dev.weir.api;

import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.TwoInputOperatorFactory;
import dev.weir.plan.TwoInputFunction;
import dev.weir.state.MapStateDescriptor;
import java.util.List;
import java.util.Objects;

/**
 * A stream connected with a {@link BroadcastStream}, as Flink's {@code BroadcastConnectedStream}
 * (docs/semantics.md §7, "Broadcast state"): made by {@code DataStream.connect(BroadcastStream)}
 * or {@code KeyedStream.connect(BroadcastStream)}, finished by
 * {@link #process(BroadcastProcessFunction)} (non-keyed side) or
 * {@link #process(KeyedBroadcastProcessFunction)} (keyed side). Input 1 is the non-broadcast
 * side; input 2, the broadcast side, reaches every instance of the two-input stage with every
 * record, watermark, barrier and end of input. The operator holds the broadcast state of the
 * descriptors the broadcast stream was made with. Immutable: each setting returns a new one.
 *
 * @param <IN1> the non-broadcast side's record type
 * @param <IN2> the broadcast side's record type
 */
public final class BroadcastConnectedStream<IN1, IN2> {
    private final ConnectedStreams<IN1, IN2> connected;
    private final List<MapStateDescriptor<?, ?>> descriptors;

    BroadcastConnectedStream(final ConnectedStreams<IN1, IN2> connected, final List<MapStateDescriptor<?, ?>> descriptors) {
        this.connected = connected;
        this.descriptors = List.copyOf(descriptors);
    }

    /** @return true when the non-broadcast side is a {@link KeyedStream} */
    public boolean isKeyed() {
        return connected.isKeyed();
    }

    /** @return the broadcast state descriptors, as given to {@link DataStream#broadcast} */
    public List<MapStateDescriptor<?, ?>> descriptors() {
        return descriptors;
    }

    /**
     * @param instances the two-input stage's instances (at most the max parallelism); 1 unless set
     * @return the connected stream with that parallelism
     * @throws IllegalStateException if the non-broadcast side is not keyed: the stage then has the parallelism of input 1
     */
    public BroadcastConnectedStream<IN1, IN2> parallelism(final int instances) {
        return new BroadcastConnectedStream<>(connected.parallelism(instances), descriptors);
    }

    /**
     * Runs a {@link BroadcastProcessFunction} ({@code broadcastProcess}): the non-broadcast side's
     * records read the broadcast state, the broadcast side's write it, in every instance.
     *
     * @param function the function
     * @param <OUT> the result type
     * @return the results, each stamped with its record's timestamp
     * @throws IllegalArgumentException if the non-broadcast side is keyed: use a {@link KeyedBroadcastProcessFunction}
     */
    public <OUT> DataStream<OUT> process(final BroadcastProcessFunction<IN1, IN2, OUT> function) {
        Objects.requireNonNull(function, "function");
        if (isKeyed()) {
            throw new IllegalArgumentException("BroadcastConnectedStream.process: the non-broadcast side is a KeyedStream; a"
                    + " BroadcastProcessFunction runs on a non-keyed side only. Give a KeyedBroadcastProcessFunction");
        }
        final List<MapStateDescriptor<?, ?>> states = descriptors;
        return connected.transform("broadcastProcess", TwoInputFunction.broadcastProcess(function, states).<IN1, IN2, OUT>factory());
    }

    /**
     * Runs a {@link KeyedBroadcastProcessFunction} ({@code keyedBroadcastProcess}): the keyed
     * side's records get their key, keyed state, timers and the broadcast state read-only; the
     * broadcast side's records write the broadcast state and may visit every key's keyed state.
     *
     * @param function the function
     * @param <KS> the keyed side's key type
     * @param <OUT> the result type
     * @return the results, each stamped with its record's timestamp (a timer's time for event-time timers)
     * @throws IllegalArgumentException if the non-broadcast side is not keyed: use a {@link BroadcastProcessFunction}
     */
    public <KS, OUT> DataStream<OUT> process(final KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT> function) {
        Objects.requireNonNull(function, "function");
        if (!isKeyed()) {
            throw new IllegalArgumentException("BroadcastConnectedStream.process: a KeyedBroadcastProcessFunction needs a keyed"
                    + " non-broadcast side; this one is not keyed. Connect the broadcast stream to a KeyedStream, or give a"
                    + " BroadcastProcessFunction");
        }
        final List<MapStateDescriptor<?, ?>> states = descriptors;
        return connected.transform("keyedBroadcastProcess", TwoInputFunction.keyedBroadcastProcess(connected.key1(), function, states)
                .<IN1, IN2, OUT>factory());
    }

    /**
     * Runs a custom two-input operator over both sides, as {@link ConnectedStreams#transform}.
     *
     * @param name names the operator in metrics and checkpoints
     * @param operator makes the operator of each instance
     * @param <R> the result type
     * @return the operator's results
     */
    public <R> DataStream<R> transform(final String name, final TwoInputOperatorFactory<IN1, IN2, R> operator) {
        return connected.transform(name, operator);
    }
}
