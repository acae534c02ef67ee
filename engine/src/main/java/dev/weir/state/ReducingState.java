package dev.weir.state;

/**
 * One value per key and namespace, folded with a reduce function.
 *
 * @param <T> the value type
 */
public interface ReducingState<T> extends MergingState<T, T> {
}
