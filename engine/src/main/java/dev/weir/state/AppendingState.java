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
}
