package dev.weir.offheap;

import dev.weir.state.LongEntryConsumer;
import dev.weir.state.LongMapState;
import dev.weir.state.SortedLongMap;
import dev.weir.state.UserMapView;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;

/**
 * {@link LongMapState} on a {@link ChronicleStateTable}: each (key, namespace) entry's value is
 * a {@link SortedLongMap}, changed in place while cached and written to the map whole when the
 * cache gives it up or is flushed. Same semantics as the heap backend's; a map emptied by a
 * removal or a clear leaves the state and is kept for the next new entry.
 */
final class ChronicleLongMapState<UV> implements LongMapState<UV> {
    private final ChronicleKeyedStateBackend<?> backend;
    private final ChronicleStateTable table;
    private Object namespace;
    /** An emptied map that no entry holds, for the next entry. */
    private SortedLongMap<UV> spare;

    ChronicleLongMapState(final ChronicleKeyedStateBackend<?> backend, final ChronicleStateTable table) {
        this.backend = backend;
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public UV get(final long key) {
        final int slot = table.slot(namespace);
        // a value handed out may be changed in place: the entry counts as changed
        return slot < 0 ? null : ((SortedLongMap<UV>) table.valueForUpdate(slot)).get(key);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void putAt(final long key, final UV value) {
        final int slot = table.slot(namespace);
        if (slot >= 0) {
            ((SortedLongMap<UV>) table.valueForUpdate(slot)).put(key, value);
            return;
        }
        final SortedLongMap<UV> map = spare != null ? spare : new SortedLongMap<>();
        spare = null;
        map.put(key, value);
        table.insert(namespace, map, true);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void remove(final long key) {
        final int slot = table.slot(namespace);
        if (slot < 0) {
            return;
        }
        final SortedLongMap<UV> map = (SortedLongMap<UV>) table.valueForUpdate(slot);
        map.remove(key);
        if (map.isEmpty()) {
            table.remove(namespace, false);
            spare = map;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean contains(final long key) {
        final int slot = table.slot(namespace);
        return slot >= 0 && ((SortedLongMap<UV>) table.peek(slot)).containsKey(key);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void forEach(final long from, final long to, final LongEntryConsumer<? super UV> consumer) {
        final int slot = table.slot(namespace);
        if (slot >= 0) {
            ((SortedLongMap<UV>) table.valueForUpdate(slot)).forEach(from, to, consumer);
        }
    }

    @Override
    public Iterable<Map.Entry<Long, UV>> entries() {
        final SortedLongMap<UV> map = handOut();
        return map == null ? Collections.emptyList() : iterable(map, map::entryIterator);
    }

    @Override
    public Iterable<Long> keys() {
        final SortedLongMap<UV> map = handOut();
        return map == null ? Collections.emptyList() : iterable(map, map::keyIterator);
    }

    @Override
    public Iterable<UV> values() {
        final SortedLongMap<UV> map = handOut();
        return map == null ? Collections.emptyList() : iterable(map, map::valueIterator);
    }

    @Override
    public Iterator<Map.Entry<Long, UV>> iterator() {
        return entries().iterator();
    }

    /** @return the current entry's map, marked as held by a caller (so never read over), or null */
    @SuppressWarnings("unchecked")
    private SortedLongMap<UV> handOut() {
        final int slot = table.slot(namespace);
        return slot < 0 ? null : (SortedLongMap<UV>) table.handOut(slot);
    }

    private <T> Iterable<T> iterable(final SortedLongMap<UV> map, final Iterable<T> view) {
        final Object key = backend.currentKey();
        final int keyGroup = backend.currentKeyGroup();
        final Object ns = namespace;
        return new UserMapView<>(view, map::isEmpty, () -> table.removeIfHolds(key, keyGroup, ns, map));
    }

    @Override
    public boolean isEmpty() {
        final int slot = table.slot(namespace);
        return slot < 0 || ((SortedLongMap<?>) table.peek(slot)).isEmpty();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void clear() {
        final SortedLongMap<UV> removed = (SortedLongMap<UV>) table.remove(namespace, false);
        if (removed != null) {
            removed.clear();
            spare = removed;
        }
    }
}
