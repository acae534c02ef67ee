package dev.weir.operator;

import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import dev.weir.timer.TimeDomain;

/**
 * Processes each record of two connected streams keyed by the same key type, as Flink's
 * {@code KeyedCoProcessFunction}: both callbacks see the record's key as the current key and share
 * its keyed state and timers; {@link #onTimer} fires for a timer of either callback, event-time
 * timers on the combined watermark of both inputs (docs/semantics.md §7).
 *
 * @param <K> the key type
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output type
 */
public interface KeyedCoProcessFunction<K, IN1, IN2, OUT> {
    /**
     * @param value a record of the first input
     * @param ctx its key, timestamp, state and timers
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement1(IN1 value, Context<K> ctx, Collector<OUT> out);

    /**
     * @param value a record of the second input
     * @param ctx its key, timestamp, state and timers
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement2(IN2 value, Context<K> ctx, Collector<OUT> out);

    /**
     * A timer of the current key fired; a timer registered by both callbacks for the same time
     * fires once.
     *
     * @param timestamp the timer's time
     * @param ctx the timer's key, domain, state and timers
     * @param out receives results, stamped with the timer's time for event-time timers (none for processing time)
     */
    default void onTimer(final long timestamp, final OnTimerContext<K> ctx, final Collector<OUT> out) {
    }

    /**
     * What the function may use for the current record.
     *
     * @param <K> the key type
     */
    interface Context<K> {
        /** @return the record's timestamp (MIN when it has none), or the timer's time in {@link #onTimer} */
        long timestamp();

        /** @return the time and the timers of the current key */
        TimerService timerService();

        /**
         * Emits to a side output, stamped with {@link #timestamp()}.
         *
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);

        /** @return the current key */
        K getCurrentKey();

        /**
         * @param descriptor a keyed state
         * @param <S> its type
         * @return the state of the current key (the same object for every key)
         */
        <S extends KeyedState> S state(StateDescriptor<S> descriptor);
    }

    /**
     * What {@link #onTimer} may use: the context of the timer's key, and its domain.
     *
     * @param <K> the key type
     */
    interface OnTimerContext<K> extends Context<K> {
        /** @return whether the timer is an event-time or a processing-time one */
        TimeDomain timeDomain();
    }
}
