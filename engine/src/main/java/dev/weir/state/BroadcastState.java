package dev.weir.state;

import java.util.Iterator;
import java.util.Map;

/**
 * Broadcast state as the broadcast side sees it, as Flink's {@code BroadcastState}: the
 * {@link ReadOnlyBroadcastState} reads, and writes. Every instance receives every broadcast
 * record, so writing the same in each keeps the copies equal; the state is operator state
 * (not keyed) and is checkpointed once and restored into every instance.
 *
 * @param <K> the map's key type
 * @param <V> the map's value type
 */
public interface BroadcastState<K, V> extends ReadOnlyBroadcastState<K, V> {
    /**
     * @param key a key, not null
     * @param value its new value
     */
    void put(K key, V value);

    /** @param map entries to put, in the map's order */
    void putAll(Map<K, V> map);

    /** @param key a key to remove; an absent key is ignored */
    void remove(K key);

    /** @return an iterator over the entries whose {@code remove()} and {@code Map.Entry.setValue} write through */
    Iterator<Map.Entry<K, V>> iterator();

    /** @return the entries, writable as {@link #iterator()} */
    Iterable<Map.Entry<K, V>> entries();

    /** Removes every entry. */
    void clear();
}
