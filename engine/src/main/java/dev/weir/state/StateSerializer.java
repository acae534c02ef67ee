package dev.weir.state;

/**
 * Turns one type of state value (or key, or namespace) into bytes and back, so that state
 * can live off-heap and go into snapshots. Implementations are stateless and thread-safe.
 *
 * @param <T> the type written
 */
public interface StateSerializer<T> {
    /**
     * @param value the value to write, never null
     * @param out where the bytes go, at its current position
     */
    void write(T value, StateOutput out);

    /**
     * @param in the bytes, at the position {@link #write} started at
     * @param reuse an object of the same type that may be filled and returned instead of a new
     *     one (null when there is none); immutable types ignore it
     * @return the value read
     */
    T read(StateInput in, T reuse);
}
