package dev.weir.state;

import java.util.Iterator;
import java.util.Map;

/**
 * A map of user keys to values per key and namespace, as Flink's {@code MapState}. An entry of
 * the keyed state is the whole map of the current key and namespace: {@link #clear()} removes
 * all of its user keys, and a map whose last user key is removed is no entry any more.
 *
 * <p><b>Order.</b> With {@code Long} user keys ({@link LongMapState}) the entries, keys and
 * values come in ascending key order; with other user keys in the order the keys were first
 * put (a put of a present key keeps its place). Both orders are the same on every backend and
 * survive snapshots and restores. (Flink promises no order.)
 *
 * <p>Iterators see the live map: {@code remove()} and {@code Map.Entry.setValue} write through,
 * and other changes to the state while iterating make them fail. A value handed out may be
 * changed in place and the change is kept, as on Flink's heap backend. User keys must not be
 * null; values may be.
 *
 * @param <UK> the user key type
 * @param <UV> the value type
 */
public interface MapState<UK, UV> extends KeyedState {
    /**
     * @param key a user key
     * @return its value, or null when absent
     */
    UV get(UK key);

    /**
     * @param key a user key
     * @param value its new value
     */
    void put(UK key, UV value);

    /** @param map entries to put, in the map's order */
    default void putAll(final Map<UK, UV> map) {
        for (final Map.Entry<UK, UV> entry : map.entrySet()) {
            put(entry.getKey(), entry.getValue());
        }
    }

    /** @param key a user key to remove; absent keys are ignored */
    void remove(UK key);

    /**
     * @param key a user key
     * @return whether the current key and namespace map it (to a value or to null)
     */
    boolean contains(UK key);

    /** @return the entries of the current key and namespace, in the order above */
    Iterable<Map.Entry<UK, UV>> entries();

    /** @return the user keys of the current key and namespace, in the order above */
    Iterable<UK> keys();

    /** @return the values of the current key and namespace, in the order of their keys */
    Iterable<UV> values();

    /** @return an iterator over {@link #entries()} */
    Iterator<Map.Entry<UK, UV>> iterator();

    /** @return whether the current key and namespace map no user key */
    boolean isEmpty();

    /** Removes every user key of the current key and namespace. */
    @Override
    void clear();
}
