package dev.weir.state;

/**
 * Combines two values into one of the same type; must be associative.
 *
 * @param <T> the value type
 */
@FunctionalInterface
public interface ReduceFunction<T> {
    /**
     * @param accumulated the value so far
     * @param value the new value
     * @return the combination
     */
    T reduce(T accumulated, T value);
}
