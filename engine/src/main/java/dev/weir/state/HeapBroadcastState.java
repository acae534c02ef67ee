package dev.weir.state;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One named broadcast state of an operator instance, on the heap: a map in the order its keys
 * were first put (the same order in every instance, and after a restore). Its
 * {@link #readOnlyView()} is what the non-broadcast side gets: it reads the same map, and a
 * write through it (after a cast) is refused. Not thread-safe: the operator's thread only.
 *
 * @param <K> the map's key type
 * @param <V> the map's value type
 */
public final class HeapBroadcastState<K, V> implements BroadcastState<K, V> {
    private final String name;
    private final Map<K, V> map = new LinkedHashMap<>();
    private final Iterable<Map.Entry<K, V>> immutableEntries = Collections.unmodifiableMap(map).entrySet();
    private final ReadOnlyView view = new ReadOnlyView();

    /** @param name the state's name, from its {@link MapStateDescriptor} */
    public HeapBroadcastState(final String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** @return the state's name */
    public String name() {
        return name;
    }

    /** @return the same map, read-only: its writing methods throw {@link UnsupportedOperationException} */
    public ReadOnlyBroadcastState<K, V> readOnlyView() {
        return view;
    }

    @Override
    public V get(final K key) {
        return map.get(key);
    }

    @Override
    public boolean contains(final K key) {
        return map.containsKey(key);
    }

    @Override
    public Iterable<Map.Entry<K, V>> immutableEntries() {
        return immutableEntries;
    }

    @Override
    public int size() {
        return map.size();
    }

    @Override
    public void put(final K key, final V value) {
        if (key == null) {
            throw new NullPointerException("broadcast state '" + name + "': a key must not be null");
        }
        map.put(key, value);
    }

    @Override
    public void putAll(final Map<K, V> entries) {
        for (final Map.Entry<K, V> entry : entries.entrySet()) {
            put(entry.getKey(), entry.getValue());
        }
    }

    @Override
    public void remove(final K key) {
        map.remove(key);
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
        return map.entrySet().iterator();
    }

    @Override
    public Iterable<Map.Entry<K, V>> entries() {
        return map.entrySet();
    }

    @Override
    public void clear() {
        map.clear();
    }

    /** @param visitor receives every entry, in the map's order */
    public void snapshot(final BroadcastStateVisitor visitor) {
        for (final Map.Entry<K, V> entry : map.entrySet()) {
            visitor.broadcastEntry(name, entry.getKey(), entry.getValue());
        }
    }

    /**
     * Puts a restored entry back, before the operator processes anything.
     *
     * @param key the entry's key
     * @param value its value
     */
    @SuppressWarnings("unchecked")
    public void restoreEntry(final Object key, final Object value) {
        put((K) key, (V) value);
    }

    @Override
    public String toString() {
        return "broadcast state '" + name + "' " + map;
    }

    /** The read-only side's view: reads the map, refuses every write. */
    private final class ReadOnlyView implements BroadcastState<K, V> {
        @Override
        public V get(final K key) {
            return map.get(key);
        }

        @Override
        public boolean contains(final K key) {
            return map.containsKey(key);
        }

        @Override
        public Iterable<Map.Entry<K, V>> immutableEntries() {
            return immutableEntries;
        }

        @Override
        public int size() {
            return map.size();
        }

        @Override
        public void put(final K key, final V value) {
            throw readOnly("put");
        }

        @Override
        public void putAll(final Map<K, V> entries) {
            throw readOnly("putAll");
        }

        @Override
        public void remove(final K key) {
            throw readOnly("remove");
        }

        @Override
        public Iterator<Map.Entry<K, V>> iterator() {
            throw readOnly("iterator");
        }

        @Override
        public Iterable<Map.Entry<K, V>> entries() {
            throw readOnly("entries");
        }

        @Override
        public void clear() {
            throw readOnly("clear");
        }

        private UnsupportedOperationException readOnly(final String method) {
            return new UnsupportedOperationException("broadcast state '" + name + "' is read-only on the non-broadcast side: "
                    + method + "() is refused; only processBroadcastElement may write it (use immutableEntries() to read all entries)");
        }

        @Override
        public String toString() {
            return "read-only broadcast state '" + name + "' " + map;
        }
    }
}
