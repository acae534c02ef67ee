package dev.weir.state;

/**
 * One accumulator per key and namespace, read through the aggregate function's result.
 *
 * @param <IN> what is added
 * @param <OUT> the aggregate's result
 */
public interface AggregatingState<IN, OUT> extends MergingState<IN, OUT> {
}
