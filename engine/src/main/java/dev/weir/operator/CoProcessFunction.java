package dev.weir.operator;

/**
 * Processes each record of two connected (non-keyed) streams, as Flink's {@code CoProcessFunction}:
 * with its timestamp, side outputs and the current processing time and watermark. Timers need a
 * key: on a non-keyed stream registering one throws, as in Flink (use {@link KeyedCoProcessFunction}).
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output type
 */
public interface CoProcessFunction<IN1, IN2, OUT> {
    /**
     * @param value a record of the first input
     * @param ctx its timestamp, time and side outputs
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement1(IN1 value, Context ctx, Collector<OUT> out);

    /**
     * @param value a record of the second input
     * @param ctx its timestamp, time and side outputs
     * @param out receives results, stamped with the record's timestamp
     */
    void processElement2(IN2 value, Context ctx, Collector<OUT> out);

    /** What the function may use for the current record. */
    interface Context {
        /** @return the record's timestamp, or {@code Long.MIN_VALUE} when it has none */
        long timestamp();

        /**
         * @return the current processing time and watermark; its timer methods throw
         *     {@link UnsupportedOperationException} ("Setting timers is only supported on a keyed streams.")
         */
        TimerService timerService();

        /**
         * Emits to a side output, stamped with the record's timestamp.
         *
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);
    }
}
