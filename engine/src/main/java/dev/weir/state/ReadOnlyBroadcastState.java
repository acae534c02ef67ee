package dev.weir.state;

import java.util.Map;

/**
 * Broadcast state as the non-broadcast side of a broadcast-state function sees it, as Flink's
 * {@code ReadOnlyBroadcastState}: a named map that every parallel instance holds the same copy
 * of, which only the broadcast side writes. This view reads; it has no method that writes.
 *
 * @param <K> the map's key type
 * @param <V> the map's value type
 */
public interface ReadOnlyBroadcastState<K, V> {
    /**
     * @param key a key
     * @return its value, or null when absent
     */
    V get(K key);

    /**
     * @param key a key
     * @return whether the map holds it
     */
    boolean contains(K key);

    /** @return the entries in the order their keys were first put; neither they nor their iterator write */
    Iterable<Map.Entry<K, V>> immutableEntries();

    /** @return the number of entries */
    int size();
}
