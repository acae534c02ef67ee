package dev.weir.operator;

import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import dev.weir.timer.TimeDomain;

/**
 * Processes each record of two connected streams, as Flink's {@code CoProcessFunction}: with its
 * timestamp, side outputs and the current processing time and watermark. On keyed connected
 * streams it runs as Flink runs it there: both callbacks see the record's key as the current key
 * (without reading it), share its keyed state ({@link Context#state}) and its timers, and
 * {@link #onTimer} fires with the timer's key current (docs/semantics.md §7). On non-keyed
 * connected streams keyed state and timers need a key: using them throws, as in Flink (use keyBy,
 * or a {@link KeyedCoProcessFunction} to read the key).
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output type
 */
public interface CoProcessFunction<IN1, IN2, OUT> {
    /** The message of keyed state asked for on connected streams that are not keyed. */
    String UNSUPPORTED_KEYED_STATE_MSG = "Keyed state can only be used on a keyed stream, i.e. after keyBy(); these connected streams"
            + " are not keyed";

    /**
     * @param value a record of the first input
     * @param ctx its timestamp, time and side outputs (and, keyed, its key's state and timers)
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement1(IN1 value, Context ctx, Collector<OUT> out);

    /**
     * @param value a record of the second input
     * @param ctx its timestamp, time and side outputs (and, keyed, its key's state and timers)
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement2(IN2 value, Context ctx, Collector<OUT> out);

    /**
     * A timer of the current key fired (keyed connected streams only); a timer registered by both
     * callbacks for the same time and key fires once.
     *
     * @param timestamp the timer's time
     * @param ctx the timer's domain, its key's state and timers
     * @param out receives results, stamped with the timer's time for event-time timers (none for processing time)
     */
    default void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<OUT> out) {
    }

    /** What the function may use for the current record. */
    interface Context {
        /** @return the record's timestamp ({@code Long.MIN_VALUE} when it has none), or the timer's time in {@link #onTimer} */
        long timestamp();

        /**
         * @return the current processing time and watermark, and on keyed connected streams the
         *     timers of the current key; on non-keyed ones its timer methods throw
         *     {@link UnsupportedOperationException} ("Setting timers is only supported on a keyed streams.")
         */
        TimerService timerService();

        /**
         * Emits to a side output, stamped with {@link #timestamp()}.
         *
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);

        /**
         * @param descriptor a keyed state
         * @param <S> its type
         * @return the state of the current key (the same object for every key)
         * @throws UnsupportedOperationException on connected streams that are not keyed ({@link #UNSUPPORTED_KEYED_STATE_MSG})
         */
        <S extends KeyedState> S state(StateDescriptor<S> descriptor);
    }

    /** What {@link #onTimer} may use: the context of the timer's key, and its domain. */
    interface OnTimerContext extends Context {
        /** @return whether the timer is an event-time or a processing-time one */
        TimeDomain timeDomain();
    }
}
