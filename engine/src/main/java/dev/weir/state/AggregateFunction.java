package dev.weir.state;

/**
 * Incremental aggregation through an accumulator, as in Flink.
 *
 * @param <IN> input values
 * @param <ACC> the accumulator
 * @param <OUT> the result
 */
public interface AggregateFunction<IN, ACC, OUT> {
    /** @return a new, empty accumulator */
    ACC createAccumulator();

    /**
     * @param value an input value
     * @param accumulator the accumulator (may be mutated and returned)
     * @return the updated accumulator
     */
    ACC add(IN value, ACC accumulator);

    /**
     * @param accumulator the accumulator
     * @return the result it stands for
     */
    OUT getResult(ACC accumulator);

    /**
     * @param a one accumulator
     * @param b another
     * @return both combined (merging windows)
     */
    ACC merge(ACC a, ACC b);
}
