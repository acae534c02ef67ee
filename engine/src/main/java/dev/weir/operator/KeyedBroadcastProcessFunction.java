package dev.weir.operator;

import dev.weir.state.BroadcastState;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateFunction;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import dev.weir.state.StateDescriptor;
import dev.weir.timer.TimeDomain;

/**
 * Processes a keyed stream connected with a broadcast stream, as Flink's
 * {@code KeyedBroadcastProcessFunction} (docs/semantics.md §7): the keyed side's records come to
 * {@link #processElement} with their key current, keyed state and timers, and read the broadcast
 * state; every instance gets every broadcast record in {@link #processBroadcastElement}, which
 * writes the broadcast state and may visit the keyed state of every key of its instance.
 *
 * @param <KS> the keyed side's key type
 * @param <IN1> the keyed side's record type
 * @param <IN2> the broadcast side's record type
 * @param <OUT> the output type
 */
public interface KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT> extends BaseBroadcastProcessFunction {
    /**
     * @param value a record of the keyed side
     * @param ctx its key, timestamp, keyed state, timers and the broadcast state, read-only
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement(IN1 value, ReadOnlyContext<KS> ctx, Collector<OUT> out);

    /**
     * @param value a record of the broadcast side
     * @param ctx its timestamp, the writable broadcast state and every key's keyed state
     * @param out receives results, stamped with the record's timestamp
     */
    void processBroadcastElement(IN2 value, Context<KS> ctx, Collector<OUT> out);

    /**
     * A timer the keyed side registered fired, with its key current.
     *
     * @param timestamp the timer's time
     * @param ctx the timer's key, domain, keyed state, timers and the broadcast state, read-only
     * @param out receives results, stamped with the timer's time for event-time timers (none for processing time)
     */
    default void onTimer(final long timestamp, final OnTimerContext<KS> ctx, final Collector<OUT> out) {
    }

    /**
     * What the broadcast side may use.
     *
     * @param <KS> the keyed side's key type
     */
    interface Context<KS> extends BaseContext {
        /**
         * @param descriptor one of the broadcast stream's state descriptors
         * @param <K> the map's key type
         * @param <V> the map's value type
         * @return the state, writable
         * @throws IllegalArgumentException if the broadcast stream was not made with it
         */
        <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor);

        /**
         * Applies {@code function} to the state of {@code descriptor} of every key of this instance
         * that has an entry of it, with that key current; the function may change or clear it.
         *
         * @param descriptor a keyed state of the keyed side
         * @param function what to do with each key's state
         * @param <S> the state's type
         */
        <S extends KeyedState> void applyToKeyedState(StateDescriptor<S> descriptor, KeyedStateFunction<KS, S> function);
    }

    /**
     * What the keyed side may use.
     *
     * @param <KS> the key type
     */
    interface ReadOnlyContext<KS> extends BaseContext {
        /**
         * @param descriptor one of the broadcast stream's state descriptors
         * @param <K> the map's key type
         * @param <V> the map's value type
         * @return the state, read-only
         * @throws IllegalArgumentException if the broadcast stream was not made with it
         */
        <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor);

        /** @return the time and the timers of the current key */
        TimerService timerService();

        /** @return the current key */
        KS getCurrentKey();

        /**
         * @param descriptor a keyed state
         * @param <S> its type
         * @return the state of the current key (the same object for every key)
         */
        <S extends KeyedState> S state(StateDescriptor<S> descriptor);
    }

    /**
     * What {@link #onTimer} may use: the keyed side's context for the timer's key, and its domain.
     *
     * @param <KS> the key type
     */
    interface OnTimerContext<KS> extends ReadOnlyContext<KS> {
        /** @return whether the timer is an event-time or a processing-time one */
        TimeDomain timeDomain();
    }
}
