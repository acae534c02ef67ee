package dev.weir.operator;

/**
 * Turns each record of two connected streams into zero or more results, as Flink's
 * {@code CoFlatMapFunction}: {@link #flatMap1} for the first input, {@link #flatMap2} for the second.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the result type
 */
public interface CoFlatMapFunction<IN1, IN2, OUT> {
    /**
     * @param value a record of the first input
     * @param out receives its results, stamped with the record's timestamp
     */
    void flatMap1(IN1 value, Collector<OUT> out);

    /**
     * @param value a record of the second input
     * @param out receives its results, stamped with the record's timestamp
     */
    void flatMap2(IN2 value, Collector<OUT> out);
}
