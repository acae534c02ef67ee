package dev.weir.operator;

import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;

/**
 * Processes each record of a keyed stream with keyed state and timers, as Flink's
 * {@code KeyedProcessFunction}.
 *
 * @param <K> the key type
 * @param <IN> the input type
 * @param <OUT> the output type
 */
@FunctionalInterface
public interface KeyedProcessFunction<K, IN, OUT> {
    /**
     * @param value the record
     * @param ctx its key, timestamp, state and timers
     * @param out receives results (stamped with the record's timestamp)
     */
    void processElement(IN value, Context<K> ctx, Collector<OUT> out);

    /**
     * @param timestamp the timer's time
     * @param ctx the timer's key, state and timers
     * @param out receives results (stamped with the timer's time for event-time timers)
     */
    default void onTimer(final long timestamp, final Context<K> ctx, final Collector<OUT> out) {
    }

    /**
     * What the function may use for the current record or timer.
     *
     * @param <K> the key type
     */
    interface Context<K> {
        /** @return the current key */
        K currentKey();

        /** @return the record's timestamp, or the timer's time in {@link #onTimer} */
        long timestamp();

        /** @return the operator's current watermark */
        long currentWatermark();

        /** @return the processing time now */
        long currentProcessingTime();

        /** @param time event time at which {@link #onTimer} is called for this key */
        void registerEventTimeTimer(long time);

        /** @param time processing time at which {@link #onTimer} is called for this key */
        void registerProcessingTimeTimer(long time);

        /** @param time an event-time timer of this key to delete */
        void deleteEventTimeTimer(long time);

        /** @param time a processing-time timer of this key to delete */
        void deleteProcessingTimeTimer(long time);

        /**
         * @param descriptor a state
         * @param <S> its type
         * @return the state of the current key
         */
        <S extends KeyedState> S state(StateDescriptor<S> descriptor);

        /**
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);
    }
}
