package dev.weir.operator;

/**
 * Receives the results of a user function.
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface Collector<T> {
    /** @param value a result */
    void collect(T value);
}
