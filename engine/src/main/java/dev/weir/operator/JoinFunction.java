package dev.weir.operator;

/**
 * Joins one pair of a window join, as Flink's {@code JoinFunction}: an element of the first
 * input and one of the second with the same key in the same window.
 *
 * @param <IN1> the first input's type
 * @param <IN2> the second input's type
 * @param <OUT> the result type
 */
@FunctionalInterface
public interface JoinFunction<IN1, IN2, OUT> {
    /**
     * @param first an element of the first input
     * @param second an element of the second input
     * @return the pair's result, stamped with the window's maxTimestamp
     */
    OUT join(IN1 first, IN2 second);
}
