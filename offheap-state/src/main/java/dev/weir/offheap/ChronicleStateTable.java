package dev.weir.offheap;

import dev.weir.state.KeyedStateVisitor;
import dev.weir.state.StateInput;
import dev.weir.state.StateEntries;
import dev.weir.state.StateOutput;
import dev.weir.state.StateSerializer;
import dev.weir.state.StateSerializers;

/**
 * The values of one named state: Chronicle Maps (a {@link MapChain}) from (key group, key,
 * namespace) bytes to value bytes, behind an {@link EntryCache} of live value objects.
 * Accesses address the backend's current key. A value found in the cache costs no map access;
 * a miss reads the maps with {@code getUsing} into reused bytes and, where the value's class
 * allows, into a reused object. Changed values go to the maps when the full cache gives them
 * up, on {@link #flush()} and never otherwise. Counts are exact: entries in the maps plus
 * cached entries the maps do not hold. Not thread-safe.
 */
final class ChronicleStateTable {
    private static final StateSerializer<Object> ANY = StateSerializers.any();

    private final ChronicleKeyedStateBackend<?> backend;
    private final String stateName;
    private final MapChain maps;
    private final EntryCache cache;
    private final long maxEntries;
    private final StateOutput out = new StateOutput(128);
    private final StateInput in = new StateInput();
    /** Lookups and removals: a miss reads into these while a reused slot's value is written through the other pair. */
    private final EntryBytes lookupKey;
    private final EntryBytes lookupValue;
    private final EntryBytes storeKey;
    private final EntryBytes storeValue;
    /** Cached entries the map does not hold yet. */
    private long cachedOnly;
    /** A value object from a reused slot that nobody else holds: the next map read fills it. */
    private Object spare;

    ChronicleStateTable(final ChronicleKeyedStateBackend<?> backend, final String stateName,
            final MapChain maps, final ChronicleStateConfig config) {
        this.backend = backend;
        this.stateName = stateName;
        this.maps = maps;
        this.cache = new EntryCache(config.cacheEntries());
        this.maxEntries = config.maxEntries();
        this.lookupKey = new EntryBytes(config.averageKeyBytes() * 2);
        this.lookupValue = new EntryBytes(config.averageValueBytes() * 2);
        this.storeKey = new EntryBytes(config.averageKeyBytes() * 2);
        this.storeValue = new EntryBytes(config.averageValueBytes() * 2);
    }

    /**
     * @param namespace a namespace of the current key
     * @return the cache slot of its entry, loaded from the map if need be, or -1 when there is none
     */
    int slot(final Object namespace) {
        final Object key = backend.currentKey();
        final int hash = StateEntries.hash(key, namespace);
        final int slot = cache.find(hash, key, namespace);
        if (slot >= 0 || maps.size() == 0) {
            return slot;
        }
        final int keyGroup = backend.currentKeyGroup();
        encode(lookupKey, keyGroup, key, namespace);
        if (!maps.read(lookupKey, lookupValue)) {
            return -1;
        }
        final int victim = vacate(hash);
        final Object reuse = spare;
        spare = null;
        final Object value = ANY.read(lookupValue.readWith(in), reuse);
        cache.fill(victim, hash, keyGroup, key, namespace, value, false, true, true);
        return victim;
    }

    /**
     * @param slot a slot from {@link #slot}
     * @return its value, for use inside the backend (it may be changed in place)
     */
    Object valueForUpdate(final int slot) {
        cache.touch(slot);
        return cache.value(slot);
    }

    /**
     * @param slot a slot from {@link #slot}
     * @return its value, only to be read (nothing marks it changed)
     */
    Object peek(final int slot) {
        return cache.value(slot);
    }

    /**
     * @param slot a slot from {@link #slot}
     * @return its value, for a caller that may keep it
     */
    Object handOut(final int slot) {
        cache.handOut(slot);
        return cache.value(slot);
    }

    /**
     * @param slot a slot from {@link #slot}
     * @param value its new value, not null
     * @param owned whether the backend made the value and nobody else holds it
     */
    void replace(final int slot, final Object value, final boolean owned) {
        cache.update(slot, value, owned);
    }

    /**
     * Adds an entry the state does not hold yet.
     *
     * @param namespace a namespace of the current key, absent from the state
     * @param value the value, not null
     * @param owned whether the backend made the value and nobody else holds it
     * @throws StateCapacityException if the state holds {@link ChronicleStateConfig#maxEntries()} already
     */
    void insert(final Object namespace, final Object value, final boolean owned) {
        // uncapped, maxEntries is Long.MAX_VALUE: the state grows instead
        if (size() >= maxEntries) {
            throw new StateCapacityException("state '" + stateName + "' of operator '" + backend.operatorName()
                    + "' (instance " + backend.instance() + ", key groups " + backend.keyGroupRange() + ") holds "
                    + size() + " entries, the most " + ChronicleStateConfig.MAX_ENTRIES_SETTING + "="
                    + maxEntries + " allows; raise " + ChronicleStateConfig.MAX_ENTRIES_SETTING + " ("
                    + ChronicleStateConfig.MAX_ENTRIES_FLAG + ") or use more instances");
        }
        final Object key = backend.currentKey();
        final int hash = StateEntries.hash(key, namespace);
        final int slot = vacate(hash);
        cache.fill(slot, hash, backend.currentKeyGroup(), key, namespace, value, true, false, owned);
        cachedOnly++;
    }

    /**
     * @param namespace a namespace of the current key
     * @param value its new value; null removes the entry
     */
    void put(final Object namespace, final Object value) {
        if (value == null) {
            remove(namespace, false);
            return;
        }
        final int slot = slot(namespace);
        if (slot >= 0) {
            replace(slot, value, false);
        } else {
            insert(namespace, value, false);
        }
    }

    /**
     * @param namespace a namespace of the current key
     * @param wanted whether the caller needs the removed value
     * @return the removed value when wanted and present, else null
     */
    Object remove(final Object namespace, final boolean wanted) {
        final Object key = backend.currentKey();
        final int slot = cache.find(StateEntries.hash(key, namespace), key, namespace);
        if (slot >= 0) {
            final Object value = cache.value(slot);
            if (cache.inMap(slot)) {
                encode(lookupKey, cache.keyGroup(slot), key, namespace);
                maps.remove(lookupKey);
            } else {
                cachedOnly--;
            }
            cache.empty(slot);
            return value;
        }
        if (maps.size() == 0) {
            return null;
        }
        encode(lookupKey, backend.currentKeyGroup(), key, namespace);
        if (wanted) {
            return maps.read(lookupKey, lookupValue) ? readValueAndRemove() : null;
        }
        maps.remove(lookupKey);
        return null;
    }

    /**
     * Removes the entry of (key, namespace) if the cache holds {@code value} (the same object)
     * for it: for an iterator that emptied a user map, whose key may not be the current one
     * any more. A map the cache gave up meanwhile was written back as it was then, and stays.
     *
     * @param key the key the value was read under
     * @param keyGroup its key group
     * @param namespace its namespace
     * @param value the value expected there
     */
    void removeIfHolds(final Object key, final int keyGroup, final Object namespace, final Object value) {
        final int slot = cache.find(StateEntries.hash(key, namespace), key, namespace);
        if (slot < 0 || cache.value(slot) != value) {
            return;
        }
        if (cache.inMap(slot)) {
            encode(lookupKey, keyGroup, key, namespace);
            maps.remove(lookupKey);
        } else {
            cachedOnly--;
        }
        cache.empty(slot);
    }

    private Object readValueAndRemove() {
        final Object value = ANY.read(lookupValue.readWith(in), null);
        maps.remove(lookupKey);
        return value;
    }

    /** @return the state's (key, namespace) entries */
    long size() {
        return maps.size() + cachedOnly;
    }

    /** @return the number of maps the state's entries are spread over */
    int mapCount() {
        return maps.length();
    }

    /** @return bytes the maps hold outside the Java heap */
    long offHeapBytes() {
        return maps.offHeapBytes();
    }

    /** Writes every changed cached value to the map; the cache keeps them. */
    void flush() {
        for (int slot = 0; slot < cache.slots(); slot++) {
            if (cache.occupied(slot) && cache.dirty(slot)) {
                writeBack(slot);
            }
        }
    }

    /**
     * Hands every entry to the visitor, after a {@link #flush()}, as the maps are iterated: each
     * entry is decoded from reused bytes just before the visitor gets it, so no copy of the
     * state is built on the heap (only the objects handed to the visitor are made).
     *
     * @param visitor receives the entries; it must not use the backend
     */
    void forEach(final KeyedStateVisitor visitor) {
        flush();
        maps.forEachEntry(entry -> {
            entry.key().getUsing(lookupKey);
            entry.value().getUsing(lookupValue);
            lookupKey.readWith(in);
            final int keyGroup = in.readInt();
            final Object key = ANY.read(in, null);
            final Object namespace = ANY.read(in, null);
            final Object value = ANY.read(lookupValue.readWith(in), null);
            visitor.entry(stateName, keyGroup, key, namespace, value);
        });
    }

    /**
     * Puts a restored entry into the map, replacing what the cache or the map held for it.
     *
     * @param keyGroup the key's key group, inside the backend's range
     * @param key the key
     * @param namespace the namespace
     * @param value the value, not null
     */
    void restore(final int keyGroup, final Object key, final Object namespace, final Object value) {
        final int slot = cache.find(StateEntries.hash(key, namespace), key, namespace);
        if (slot >= 0) {
            if (!cache.inMap(slot)) {
                cachedOnly--;
            }
            cache.empty(slot);
        }
        encode(storeKey, keyGroup, key, namespace);
        encode(storeValue, value);
        store(true);
    }

    /** Releases the maps. */
    void close() {
        maps.close();
    }

    /**
     * Finds a free slot for an entry of hash {@code hash}, first giving up an entry (written back
     * if it changed) when the cache is full.
     */
    private int vacate(final int hash) {
        if (cache.full()) {
            final int slot = cache.victim();
            if (cache.dirty(slot)) {
                writeBack(slot);
            }
            if (cache.owned(slot)) {
                spare = cache.value(slot);
            }
            cache.empty(slot);
        }
        return cache.free(hash);
    }

    private void writeBack(final int slot) {
        encode(storeKey, cache.keyGroup(slot), cache.key(slot), cache.namespace(slot));
        encode(storeValue, cache.value(slot));
        final boolean wasInMap = cache.inMap(slot);
        store(wasInMap);
        if (!wasInMap) {
            cachedOnly--;
        }
        cache.written(slot);
    }

    /** The map key: the key group first, then the key and the namespace as {@link StateSerializers#any()} writes them. */
    private void encode(final EntryBytes target, final int keyGroup, final Object key, final Object namespace) {
        out.clear();
        out.writeInt(keyGroup);
        ANY.write(key, out);
        ANY.write(namespace, out);
        target.copyOf(out);
    }

    private void encode(final EntryBytes target, final Object value) {
        out.clear();
        ANY.write(value, out);
        target.copyOf(out);
    }

    /**
     * Writes {@link #storeValue} under {@link #storeKey}.
     *
     * @param mayBeInMap whether a map may hold the key already; if not, the search for it is skipped
     */
    private void store(final boolean mayBeInMap) {
        try {
            if (mayBeInMap) {
                maps.put(storeKey, storeValue);
            } else {
                maps.insert(storeKey, storeValue);
            }
        } catch (final IllegalArgumentException | IllegalStateException e) {
            throw new StateCapacityException("state '" + stateName + "' of operator '" + backend.operatorName()
                    + "' (instance " + backend.instance() + ") could not store an entry of " + storeKey.length()
                    + " key bytes and " + storeValue.length() + " value bytes with " + maps.size() + " entries in "
                    + maps.length() + (maps.length() == 1 ? " map" : " maps") + "; raise "
                    + ChronicleStateConfig.AVERAGE_VALUE_BYTES_SETTING
                    + (maxEntries == ChronicleStateConfig.UNBOUNDED ? "" : " or " + ChronicleStateConfig.MAX_ENTRIES_SETTING
                            + " (now " + maxEntries + ")")
                    + ": " + e.getMessage(), e);
        }
    }
}
