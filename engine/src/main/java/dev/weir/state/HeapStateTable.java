package dev.weir.state;

/**
 * The values of one named state on the heap: (current key, namespace) -> value, in one flat
 * open-addressing table with linear probing, each entry three neighbouring references (key,
 * namespace, value) in one array. A lookup hashes the pair once and usually reads one cache
 * line, where nested maps (key -> namespace -> value) chase five or six objects. Reads address
 * the backend's current key; nothing is allocated to read, to overwrite or to remove; the
 * table grows (doubling) as entries are added. Not thread-safe.
 */
final class HeapStateTable {
    private static final int INITIAL_CAPACITY = 64;
    /** Stands for a null key, because an empty slot has a null key. */
    private static final Object NULL_KEY = new Object();

    private final HeapKeyedStateBackend<?> backend;
    /** Entry i is slots[3i] (key), slots[3i + 1] (namespace), slots[3i + 2] (value); a null key is a free slot. */
    private Object[] slots = new Object[3 * INITIAL_CAPACITY];
    private int mask = INITIAL_CAPACITY - 1;
    /** (key, namespace) entries held, kept as they change so that metrics read it in O(1). */
    private int entries;

    HeapStateTable(final HeapKeyedStateBackend<?> backend) {
        this.backend = backend;
    }

    private Object currentKey() {
        final Object key = backend.currentKey();
        return key == null ? NULL_KEY : key;
    }



    /** @return the entry index of (key, namespace), or {@code -(free index) - 1} if absent */
    private int find(final Object key, final Object namespace) {
        final Object[] table = slots;
        int index = StateEntries.hash(key, namespace) & mask;
        while (true) {
            final Object candidate = table[3 * index];
            if (candidate == null) {
                return -index - 1;
            }
            if (StateEntries.same(candidate, key) && StateEntries.same(table[3 * index + 1], namespace)) {
                return index;
            }
            index = (index + 1) & mask;
        }
    }

    Object get(final Object namespace) {
        final int index = find(currentKey(), namespace);
        return index < 0 ? null : slots[3 * index + 2];
    }

    void put(final Object namespace, final Object value) {
        if (value == null) {
            remove(namespace);
            return;
        }
        final Object key = currentKey();
        final int index = find(key, namespace);
        if (index >= 0) {
            slots[3 * index + 2] = value;
            return;
        }
        insert(-index - 1, key, namespace, value);
    }

    private void insert(final int free, final Object key, final Object namespace, final Object value) {
        slots[3 * free] = key;
        slots[3 * free + 1] = namespace;
        slots[3 * free + 2] = value;
        entries++;
        if (entries > (mask + 1) / 3 * 2) {
            grow();
        }
    }

    Object remove(final Object namespace) {
        final int index = find(currentKey(), namespace);
        if (index < 0) {
            return null;
        }
        final Object removed = slots[3 * index + 2];
        entries--;
        closeGap(index);
        return removed;
    }

    /**
     * Removes the entry of (key, namespace) if it holds {@code value} (the same object): for an
     * iterator that emptied a user map, whose key may not be the current one any more.
     *
     * @param key the key the value was read under
     * @param namespace its namespace
     * @param value the value expected there
     */
    void removeIfHolds(final Object key, final Object namespace, final Object value) {
        final int index = find(key == null ? NULL_KEY : key, namespace);
        if (index >= 0 && slots[3 * index + 2] == value) {
            entries--;
            closeGap(index);
        }
    }

    /** Backward-shift deletion: moves later entries of the probe run into the gap, so no tombstones are needed. */
    private void closeGap(final int removed) {
        final Object[] table = slots;
        int gap = removed;
        int index = (gap + 1) & mask;
        while (table[3 * index] != null) {
            final int home = StateEntries.hash(table[3 * index], table[3 * index + 1]) & mask;
            // the entry may move to the gap if its home is not in (gap, index], cyclically
            if (((index - home) & mask) >= ((index - gap) & mask)) {
                System.arraycopy(table, 3 * index, table, 3 * gap, 3);
                gap = index;
            }
            index = (index + 1) & mask;
        }
        table[3 * gap] = null;
        table[3 * gap + 1] = null;
        table[3 * gap + 2] = null;
    }

    private void grow() {
        final Object[] old = slots;
        final int capacity = 2 * (mask + 1);
        slots = new Object[3 * capacity];
        mask = capacity - 1;
        for (int i = 0; i < old.length; i += 3) {
            if (old[i] != null) {
                int index = StateEntries.hash(old[i], old[i + 1]) & mask;
                while (slots[3 * index] != null) {
                    index = (index + 1) & mask;
                }
                System.arraycopy(old, i, slots, 3 * index, 3);
            }
        }
    }

    long size() {
        return entries;
    }

    void forEach(final String stateName, final KeyedStateVisitor visitor) {
        final Object[] table = slots;
        final int maxParallelism = backend.maxParallelism();
        for (int i = 0; i < table.length; i += 3) {
            if (table[i] != null) {
                final Object key = table[i] == NULL_KEY ? null : table[i];
                visitor.entry(stateName, KeyGroups.keyGroupOf(key, maxParallelism), key, table[i + 1], table[i + 2]);
            }
        }
    }

    void restore(final Object key, final Object namespace, final Object value) {
        final Object stored = key == null ? NULL_KEY : key;
        final int index = find(stored, namespace);
        if (index >= 0) {
            slots[3 * index + 2] = value;
            return;
        }
        insert(-index - 1, stored, namespace, value);
    }
}
