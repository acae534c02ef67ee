package dev.weir.state;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * {@link MapState} on the heap: each (key, namespace) entry's value is a {@link LinkedHashMap}
 * of its user keys, in the order they were first put; a map emptied by a removal is removed.
 */
final class HeapMapState<UK, UV> implements MapState<UK, UV> {
    private final HeapKeyedStateBackend<?> backend;
    private final HeapStateTable table;
    private Object namespace;

    HeapMapState(final HeapKeyedStateBackend<?> backend, final HeapStateTable table) {
        this.backend = backend;
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @SuppressWarnings("unchecked")
    private Map<UK, UV> map() {
        return (Map<UK, UV>) table.get(namespace);
    }

    @Override
    public UV get(final UK key) {
        Objects.requireNonNull(key, "user key");
        final Map<UK, UV> map = map();
        return map == null ? null : map.get(key);
    }

    @Override
    public void put(final UK key, final UV value) {
        Objects.requireNonNull(key, "user key");
        Map<UK, UV> map = map();
        if (map == null) {
            map = new LinkedHashMap<>();
            table.put(namespace, map);
        }
        map.put(key, value);
    }

    @Override
    public void remove(final UK key) {
        Objects.requireNonNull(key, "user key");
        final Map<UK, UV> map = map();
        if (map != null) {
            map.remove(key);
            if (map.isEmpty()) {
                table.remove(namespace);
            }
        }
    }

    @Override
    public boolean contains(final UK key) {
        Objects.requireNonNull(key, "user key");
        final Map<UK, UV> map = map();
        return map != null && map.containsKey(key);
    }

    @Override
    public Iterable<Map.Entry<UK, UV>> entries() {
        final Map<UK, UV> map = map();
        return map == null ? Collections.emptyList() : iterable(map, map.entrySet());
    }

    @Override
    public Iterable<UK> keys() {
        final Map<UK, UV> map = map();
        return map == null ? Collections.emptyList() : iterable(map, map.keySet());
    }

    @Override
    public Iterable<UV> values() {
        final Map<UK, UV> map = map();
        return map == null ? Collections.emptyList() : iterable(map, map.values());
    }

    @Override
    public Iterator<Map.Entry<UK, UV>> iterator() {
        return entries().iterator();
    }

    private <T> Iterable<T> iterable(final Map<UK, UV> map, final Iterable<T> view) {
        final Object key = backend.currentKey();
        final Object ns = namespace;
        return new UserMapView<>(view, map::isEmpty, () -> table.removeIfHolds(key, ns, map));
    }

    @Override
    public boolean isEmpty() {
        final Map<UK, UV> map = map();
        return map == null || map.isEmpty();
    }

    @Override
    public void clear() {
        table.remove(namespace);
    }
}
