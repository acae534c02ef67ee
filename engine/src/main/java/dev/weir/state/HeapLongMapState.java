package dev.weir.state;

import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;

/**
 * {@link LongMapState} on the heap: each (key, namespace) entry's value is a
 * {@link SortedLongMap}. A map emptied by a removal or a clear is removed from the table and
 * kept for a later new entry (up to {@value #MAX_SPARES} of them), so keys whose buffers empty
 * and fill again allocate nothing, however many empty between two refills.
 */
final class HeapLongMapState<UV> implements LongMapState<UV> {
    private final HeapKeyedStateBackend<?> backend;
    private final HeapStateTable table;
    /** The most emptied maps kept for new entries. */
    static final int MAX_SPARES = 1 << 16;

    private Object namespace;
    /** Emptied maps that no entry holds, for new entries: spares[0, spareCount). */
    private SortedLongMap<?>[] spares = new SortedLongMap<?>[16];
    private int spareCount;

    HeapLongMapState(final HeapKeyedStateBackend<?> backend, final HeapStateTable table) {
        this.backend = backend;
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @SuppressWarnings("unchecked")
    private SortedLongMap<UV> map() {
        return (SortedLongMap<UV>) table.get(namespace);
    }

    @Override
    public UV get(final long key) {
        final SortedLongMap<UV> map = map();
        return map == null ? null : map.get(key);
    }

    @Override
    public void putAt(final long key, final UV value) {
        SortedLongMap<UV> map = map();
        if (map == null) {
            map = takeSpare();
            table.put(namespace, map);
        }
        map.put(key, value);
    }

    @Override
    public void remove(final long key) {
        final SortedLongMap<UV> map = map();
        if (map != null) {
            map.remove(key);
            if (map.isEmpty()) {
                table.remove(namespace);
                keepSpare(map);
            }
        }
    }

    @Override
    public boolean contains(final long key) {
        final SortedLongMap<UV> map = map();
        return map != null && map.containsKey(key);
    }

    @Override
    public void forEach(final long from, final long to, final LongEntryConsumer<? super UV> consumer) {
        final SortedLongMap<UV> map = map();
        if (map != null) {
            map.forEach(from, to, consumer);
        }
    }

    @Override
    public Iterable<Map.Entry<Long, UV>> entries() {
        final SortedLongMap<UV> map = map();
        return map == null ? Collections.emptyList() : iterable(map, map::entryIterator);
    }

    @Override
    public Iterable<Long> keys() {
        final SortedLongMap<UV> map = map();
        return map == null ? Collections.emptyList() : iterable(map, map::keyIterator);
    }

    @Override
    public Iterable<UV> values() {
        final SortedLongMap<UV> map = map();
        return map == null ? Collections.emptyList() : iterable(map, map::valueIterator);
    }

    @Override
    public Iterator<Map.Entry<Long, UV>> iterator() {
        return entries().iterator();
    }

    private <T> Iterable<T> iterable(final SortedLongMap<UV> map, final Iterable<T> view) {
        final Object key = backend.currentKey();
        final Object ns = namespace;
        return new UserMapView<>(view, map::isEmpty, () -> table.removeIfHolds(key, ns, map));
    }

    @Override
    public boolean isEmpty() {
        final SortedLongMap<UV> map = map();
        return map == null || map.isEmpty();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void clear() {
        final SortedLongMap<UV> removed = (SortedLongMap<UV>) table.remove(namespace);
        if (removed != null) {
            removed.clear();
            keepSpare(removed);
        }
    }

    @SuppressWarnings("unchecked")
    private SortedLongMap<UV> takeSpare() {
        if (spareCount == 0) {
            return new SortedLongMap<>();
        }
        final SortedLongMap<UV> map = (SortedLongMap<UV>) spares[--spareCount];
        spares[spareCount] = null;
        return map;
    }

    private void keepSpare(final SortedLongMap<UV> map) {
        if (spareCount == spares.length) {
            if (spares.length == MAX_SPARES) {
                return;
            }
            spares = Arrays.copyOf(spares, spares.length * 2);
        }
        spares[spareCount++] = map;
    }
}
