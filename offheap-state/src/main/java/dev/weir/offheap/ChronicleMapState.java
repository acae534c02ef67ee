package dev.weir.offheap;

import dev.weir.state.MapState;
import dev.weir.state.UserMapView;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * {@link MapState} on a {@link ChronicleStateTable}: each (key, namespace) entry's value is a
 * {@link LinkedHashMap} of its user keys in the order they were first put, changed in place
 * while cached and written to the map whole when the cache gives it up or is flushed. Same
 * semantics as the heap backend's.
 */
final class ChronicleMapState<UK, UV> implements MapState<UK, UV> {
    private final ChronicleKeyedStateBackend<?> backend;
    private final ChronicleStateTable table;
    private Object namespace;

    ChronicleMapState(final ChronicleKeyedStateBackend<?> backend, final ChronicleStateTable table) {
        this.backend = backend;
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public UV get(final UK key) {
        Objects.requireNonNull(key, "user key");
        final int slot = table.slot(namespace);
        // a value handed out may be changed in place: the entry counts as changed
        return slot < 0 ? null : ((Map<UK, UV>) table.valueForUpdate(slot)).get(key);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void put(final UK key, final UV value) {
        Objects.requireNonNull(key, "user key");
        final int slot = table.slot(namespace);
        if (slot >= 0) {
            ((Map<UK, UV>) table.valueForUpdate(slot)).put(key, value);
            return;
        }
        final Map<UK, UV> map = new LinkedHashMap<>();
        map.put(key, value);
        table.insert(namespace, map, true);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void remove(final UK key) {
        Objects.requireNonNull(key, "user key");
        final int slot = table.slot(namespace);
        if (slot < 0) {
            return;
        }
        final Map<UK, UV> map = (Map<UK, UV>) table.valueForUpdate(slot);
        map.remove(key);
        if (map.isEmpty()) {
            table.remove(namespace, false);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean contains(final UK key) {
        Objects.requireNonNull(key, "user key");
        final int slot = table.slot(namespace);
        return slot >= 0 && ((Map<UK, UV>) table.peek(slot)).containsKey(key);
    }

    @Override
    public Iterable<Map.Entry<UK, UV>> entries() {
        final Map<UK, UV> map = handOut();
        return map == null ? Collections.emptyList() : iterable(map, map.entrySet());
    }

    @Override
    public Iterable<UK> keys() {
        final Map<UK, UV> map = handOut();
        return map == null ? Collections.emptyList() : iterable(map, map.keySet());
    }

    @Override
    public Iterable<UV> values() {
        final Map<UK, UV> map = handOut();
        return map == null ? Collections.emptyList() : iterable(map, map.values());
    }

    @Override
    public Iterator<Map.Entry<UK, UV>> iterator() {
        return entries().iterator();
    }

    /** @return the current entry's map, marked as held by a caller (so never read over), or null */
    @SuppressWarnings("unchecked")
    private Map<UK, UV> handOut() {
        final int slot = table.slot(namespace);
        return slot < 0 ? null : (Map<UK, UV>) table.handOut(slot);
    }

    private <T> Iterable<T> iterable(final Map<UK, UV> map, final Iterable<T> view) {
        final Object key = backend.currentKey();
        final int keyGroup = backend.currentKeyGroup();
        final Object ns = namespace;
        return new UserMapView<>(view, map::isEmpty, () -> table.removeIfHolds(key, keyGroup, ns, map));
    }

    @Override
    public boolean isEmpty() {
        final int slot = table.slot(namespace);
        return slot < 0 || ((Map<?, ?>) table.peek(slot)).isEmpty();
    }

    @Override
    public void clear() {
        table.remove(namespace, false);
    }
}
