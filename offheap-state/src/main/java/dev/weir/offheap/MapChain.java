package dev.weir.offheap;

import java.util.Arrays;
import java.util.function.Consumer;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ExternalMapQueryContext;
import net.openhft.chronicle.map.MapEntry;

/**
 * The Chronicle Maps of one state, from serialized (key group, key, namespace) to serialized
 * value. A capped state has one map, made for the cap. An uncapped state starts with one map
 * and grows: when every map holds the entries it was made for, a new map of twice the last
 * one's size joins the chain, so a state of N entries has about log2(N / first size) maps and
 * nothing is ever moved. Each entry lives in exactly one map; new entries go to the oldest map
 * with room, so space that removals free is used again before the chain grows. Lookups try
 * the maps newest (largest) first. Counts are kept per map as entries come and go, so
 * counting costs no map walk. Nothing is allocated except when a map joins. Not thread-safe.
 */
final class MapChain {
    /** Makes the maps of a chain. */
    @FunctionalInterface
    interface Factory {
        /**
         * @param index the map's place in the chain, from 0
         * @param entries the entries to size it for
         * @return a new, empty map
         */
        ChronicleMap<EntryBytes, EntryBytes> create(int index, long entries);
    }

    private final Factory factory;
    private final boolean growing;
    private ChronicleMap<EntryBytes, EntryBytes>[] maps;
    /** The entries each map was made for. */
    private long[] sizes;
    /** The entries each map holds. */
    private long[] counts;
    private int length;
    private long entries;

    /**
     * @param factory makes the maps, the first one at once
     * @param firstEntries the entries the first map is made for
     * @param growing whether maps join when all are full; if not, the one map takes every entry
     */
    @SuppressWarnings("unchecked")
    MapChain(final Factory factory, final long firstEntries, final boolean growing) {
        this.factory = factory;
        this.growing = growing;
        this.maps = new ChronicleMap[4];
        this.sizes = new long[4];
        this.counts = new long[4];
        add(firstEntries);
    }

    /** @return the entries all maps hold */
    long size() {
        return entries;
    }

    /** @return the number of maps */
    int length() {
        return length;
    }

    /**
     * @param key a serialized key
     * @param value filled with the value's bytes when found
     * @return whether a map holds the key
     */
    boolean read(final EntryBytes key, final EntryBytes value) {
        for (int i = length - 1; i >= 0; i--) {
            if (maps[i].getUsing(key, value) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Stores the value under the key, replacing the value of whichever map holds the key.
     *
     * @param key a serialized key
     * @param value its serialized value
     * @throws IllegalArgumentException or IllegalStateException from Chronicle if the entry does not fit
     */
    void put(final EntryBytes key, final EntryBytes value) {
        final int roomy = roomy();
        for (int i = length - 1; i >= 0; i--) {
            if (i != roomy && replace(i, key, value)) {
                return;
            }
        }
        upsert(roomy >= 0 ? roomy : grow(), key, value);
    }

    /**
     * Stores an entry no map holds, skipping the search {@link #put} makes.
     *
     * @param key a serialized key absent from every map
     * @param value its serialized value
     * @throws IllegalArgumentException or IllegalStateException from Chronicle if the entry does not fit
     */
    void insert(final EntryBytes key, final EntryBytes value) {
        final int roomy = roomy();
        upsert(roomy >= 0 ? roomy : grow(), key, value);
    }

    /**
     * @param key a serialized key
     * @return whether a map held the key, which is gone now
     */
    boolean remove(final EntryBytes key) {
        for (int i = length - 1; i >= 0; i--) {
            if (removeFrom(i, key)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Hands every entry of every map to {@code action}, map by map, as Chronicle iterates a
     * map: segment by segment under its lock, with no copy of the map.
     *
     * @param action receives each entry; it must not change the maps
     */
    void forEachEntry(final Consumer<? super MapEntry<EntryBytes, EntryBytes>> action) {
        for (int i = 0; i < length; i++) {
            maps[i].forEachEntry(action);
        }
    }

    /** @return bytes the maps hold outside the Java heap */
    long offHeapBytes() {
        long bytes = 0;
        for (int i = 0; i < length; i++) {
            bytes += maps[i].offHeapMemoryUsed();
        }
        return bytes;
    }

    /** Releases the maps. */
    void close() {
        for (int i = 0; i < length; i++) {
            maps[i].close();
        }
    }

    /** @return the oldest map holding fewer entries than it was made for; the only one when not growing; else -1 */
    private int roomy() {
        if (!growing) {
            return 0;
        }
        for (int i = 0; i < length; i++) {
            if (counts[i] < sizes[i]) {
                return i;
            }
        }
        return -1;
    }

    /** @return the index of a new map of twice the last one's size */
    private int grow() {
        add(Math.min(Long.MAX_VALUE / 2, sizes[length - 1]) * 2);
        return length - 1;
    }

    private void add(final long size) {
        if (length == maps.length) {
            maps = Arrays.copyOf(maps, 2 * length);
            sizes = Arrays.copyOf(sizes, 2 * length);
            counts = Arrays.copyOf(counts, 2 * length);
        }
        maps[length] = factory.create(length, size);
        sizes[length] = size;
        length++;
    }

    private boolean replace(final int index, final EntryBytes key, final EntryBytes value) {
        try (ExternalMapQueryContext<EntryBytes, EntryBytes, ?> context = maps[index].queryContext(key)) {
            context.updateLock().lock();
            final MapEntry<EntryBytes, EntryBytes> entry = context.entry();
            if (entry == null) {
                return false;
            }
            context.replaceValue(entry, context.wrapValueAsData(value));
            return true;
        }
    }

    private boolean removeFrom(final int index, final EntryBytes key) {
        try (ExternalMapQueryContext<EntryBytes, EntryBytes, ?> context = maps[index].queryContext(key)) {
            context.updateLock().lock();
            final MapEntry<EntryBytes, EntryBytes> entry = context.entry();
            if (entry == null) {
                return false;
            }
            context.remove(entry);
            counts[index]--;
            entries--;
            return true;
        }
    }

    private void upsert(final int index, final EntryBytes key, final EntryBytes value) {
        try (ExternalMapQueryContext<EntryBytes, EntryBytes, ?> context = maps[index].queryContext(key)) {
            context.updateLock().lock();
            final MapEntry<EntryBytes, EntryBytes> entry = context.entry();
            if (entry != null) {
                context.replaceValue(entry, context.wrapValueAsData(value));
            } else {
                context.insert(context.absentEntry(), context.wrapValueAsData(value));
                counts[index]++;
                entries++;
            }
        }
    }
}
