package dev.weir.state;

/**
 * Receives the entries of a {@link LongMapState} one by one, the key as a primitive.
 *
 * @param <V> the value type
 */
@FunctionalInterface
public interface LongEntryConsumer<V> {
    /**
     * @param key the user key
     * @param value its value
     */
    void accept(long key, V value);
}
