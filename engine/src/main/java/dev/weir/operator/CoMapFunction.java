package dev.weir.operator;

/**
 * Maps each record of two connected streams to one result, as Flink's {@code CoMapFunction}:
 * {@link #map1} for the first input, {@link #map2} for the second.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the result type
 */
public interface CoMapFunction<IN1, IN2, OUT> {
    /**
     * @param value a record of the first input
     * @return its result, stamped with the record's timestamp
     */
    OUT map1(IN1 value);

    /**
     * @param value a record of the second input
     * @return its result, stamped with the record's timestamp
     */
    OUT map2(IN2 value);
}
