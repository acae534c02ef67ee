package dev.weir.operator;

/**
 * Receives each pair an {@link IntervalJoinOperator} joins, as Flink's {@code ProcessJoinFunction}:
 * a left and a right record of the same key whose timestamps lie within the join's bounds.
 *
 * @param <IN1> the left record type
 * @param <IN2> the right record type
 * @param <OUT> the output type
 */
@FunctionalInterface
public interface ProcessJoinFunction<IN1, IN2, OUT> {
    /**
     * @param left the left record
     * @param right the right record
     * @param ctx both records' timestamps, the pair's, and side outputs
     * @param out receives results, stamped with the pair's timestamp {@code max(left, right)}
     */
    void processElement(IN1 left, IN2 right, Context ctx, Collector<OUT> out);

    /** What the function may use for the current pair. */
    interface Context {
        /** @return the left record's timestamp */
        long leftTimestamp();

        /** @return the right record's timestamp */
        long rightTimestamp();

        /** @return the pair's timestamp: the larger of both records' */
        long timestamp();

        /**
         * Emits to a side output, stamped with the pair's timestamp.
         *
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);
    }
}
