package dev.weir.operator;

/**
 * Joins one pair of a window join into zero or more results, as Flink's {@code FlatJoinFunction}.
 *
 * @param <IN1> the first input's type
 * @param <IN2> the second input's type
 * @param <OUT> the result type
 */
@FunctionalInterface
public interface FlatJoinFunction<IN1, IN2, OUT> {
    /**
     * @param first an element of the first input
     * @param second an element of the second input
     * @param out receives the pair's results, stamped with the window's maxTimestamp
     */
    void join(IN1 first, IN2 second, Collector<OUT> out);
}
