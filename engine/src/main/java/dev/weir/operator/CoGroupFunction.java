package dev.weir.operator;

/**
 * Sees both inputs' elements of one key and window at once, as Flink's {@code CoGroupFunction}:
 * called at each firing of a window holding elements of either input, one of the two groups
 * possibly empty (which makes outer joins possible).
 *
 * @param <IN1> the first input's type
 * @param <IN2> the second input's type
 * @param <OUT> the result type
 */
@FunctionalInterface
public interface CoGroupFunction<IN1, IN2, OUT> {
    /**
     * @param first the first input's elements of the window, in window-state order
     * @param second the second input's elements of the window, in window-state order
     * @param out receives results, stamped with the window's maxTimestamp
     */
    void coGroup(Iterable<IN1> first, Iterable<IN2> second, Collector<OUT> out);
}
