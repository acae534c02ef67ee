package dev.weir.state;

/**
 * Applied to one key's state, as Flink's {@code KeyedStateFunction}: the broadcast side of a
 * keyed broadcast-state function visits the state of every key of its instance with it.
 *
 * @param <K> the key type
 * @param <S> the state type
 */
@FunctionalInterface
public interface KeyedStateFunction<K, S extends KeyedState> {
    /**
     * @param key a key that has an entry of the state
     * @param state the state, with that key current: reads, writes and {@code clear()} address it
     */
    void process(K key, S state);
}
