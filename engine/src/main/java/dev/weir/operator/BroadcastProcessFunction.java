package dev.weir.operator;

import dev.weir.state.BroadcastState;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;

/**
 * Processes a non-keyed stream connected with a broadcast stream, as Flink's
 * {@code BroadcastProcessFunction} (docs/semantics.md §7): every instance gets every broadcast
 * record in {@link #processBroadcastElement}, which may write the broadcast state; the other
 * side's records come to {@link #processElement}, which only reads it.
 *
 * @param <IN1> the non-broadcast side's record type
 * @param <IN2> the broadcast side's record type
 * @param <OUT> the output type
 */
public interface BroadcastProcessFunction<IN1, IN2, OUT> extends BaseBroadcastProcessFunction {
    /**
     * @param value a record of the non-broadcast side
     * @param ctx its timestamp, time, side outputs and the broadcast state, read-only
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement(IN1 value, ReadOnlyContext ctx, Collector<OUT> out);

    /**
     * @param value a record of the broadcast side
     * @param ctx its timestamp, time, side outputs and the writable broadcast state
     * @param out receives results, stamped with the record's timestamp
     */
    void processBroadcastElement(IN2 value, Context ctx, Collector<OUT> out);

    /** What the broadcast side may use: the broadcast state, to read and write. */
    interface Context extends BaseContext {
        /**
         * @param descriptor one of the broadcast stream's state descriptors
         * @param <K> the map's key type
         * @param <V> the map's value type
         * @return the state, writable
         * @throws IllegalArgumentException if the broadcast stream was not made with it
         */
        <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor);
    }

    /** What the non-broadcast side may use: the broadcast state, to read only. */
    interface ReadOnlyContext extends BaseContext {
        /**
         * @param descriptor one of the broadcast stream's state descriptors
         * @param <K> the map's key type
         * @param <V> the map's value type
         * @return the state, read-only
         * @throws IllegalArgumentException if the broadcast stream was not made with it
         */
        <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor);
    }
}
