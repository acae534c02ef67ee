package dev.weir.operator;

/**
 * Receives each left record of an {@link AsOfJoinOperator} with the right record that was current
 * at the left record's time: of the same key, the one with the greatest timestamp not above the
 * left record's (of several with that timestamp, the one that arrived last). There may be none:
 * then {@code right} is null, and {@link Context#rightTimestamp()} is {@link Long#MIN_VALUE}, as a
 * left outer join pads with nulls; a function that wants an inner join emits nothing for it.
 *
 * @param <L> the left record type
 * @param <R> the right record type
 * @param <OUT> the output type
 */
@FunctionalInterface
public interface AsOfJoinFunction<L, R, OUT> {
    /**
     * @param left a left record whose timestamp the watermark has reached
     * @param right the right record current at the left record's timestamp, or null when there is none
     * @param ctx the timestamps, the key and side outputs
     * @param out receives results, stamped with the left record's timestamp
     */
    void join(L left, R right, Context ctx, Collector<OUT> out);

    /** What the function may use for the current left record. */
    interface Context {
        /** @return the left record's timestamp, which results are stamped with */
        long timestamp();

        /** @return the right record's timestamp, or {@link Long#MIN_VALUE} when there is none */
        long rightTimestamp();

        /** @return the key both records share */
        Object currentKey();

        /** @return the operator's current watermark (at or above {@link #timestamp()}) */
        long currentWatermark();

        /**
         * Emits to a side output, stamped with the left record's timestamp.
         *
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);
    }
}
