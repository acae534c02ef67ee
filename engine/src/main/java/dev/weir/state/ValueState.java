package dev.weir.state;

/**
 * One value per key and namespace.
 *
 * @param <T> the value type
 */
public interface ValueState<T> extends KeyedState {
    /** @return the value, or null when none is set */
    T value();

    /** @param value the new value; null clears */
    void update(T value);
}
