package dev.weir.state;

/**
 * State that values are added to and read out of as one result.
 *
 * @param <IN> what is added
 * @param <OUT> what is read
 */
public interface AppendingState<IN, OUT> extends KeyedState {
    /** @return the result for the current key and namespace, or null when nothing was added */
    OUT get();

    /** @param value a value to add */
    void add(IN value);

    /**
     * Adds a value, as {@link #add}, and tells whether the current key and namespace held a
     * value before. A state that cannot tell cheaply answers false: true is a promise, false
     * is not.
     *
     * @param value a value to add
     * @return true only if a value was held before this add
     */
    default boolean addToPresent(final IN value) {
        add(value);
        return false;
    }
}
