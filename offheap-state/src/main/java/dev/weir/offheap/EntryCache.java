package dev.weir.offheap;

import dev.weir.state.StateEntries;

/**
 * The on-heap entries in front of one state's map: (key, namespace) -> value in one flat
 * open-addressing table with linear probing, laid out like the heap backend's table (each entry
 * three neighbouring references in one array), so that a hit costs what a heap access costs:
 * one hash, usually one cache line, no bookkeeping. The table starts small and doubles as
 * entries are added, up to the room for {@code capacity} entries; only a full cache gives up an
 * entry, the next one a sweeping hand finds ({@link #victim()}), so a working set that fits is
 * never evicted. Parallel arrays say whether the value changed since it was last written to
 * the map (dirty: one boolean per slot, so that an update marks it with a plain store),
 * whether the map holds the entry at all (in map), and whether the value object was made by
 * the backend and never handed out, so it may be read over when the entry is evicted (owned). The owner ({@link ChronicleStateTable}) decides what to write back.
 * Slot numbers hold until the next {@link #free} or {@link #empty}, which may move entries.
 * Nothing is allocated except when the table grows. Not thread-safe.
 */
final class EntryCache {
    private static final int INITIAL_SLOTS = 64;
    private static final byte IN_MAP = 1;
    private static final byte OWNED = 2;

    private final int capacity;
    private final int maxSlots;
    /** Entry i is entries[3i] (key), entries[3i + 1] (namespace), entries[3i + 2] (value); a null key is a free slot. */
    private Object[] entries;
    private int[] hashes;
    private int[] keyGroups;
    private byte[] flags;
    /**
     * Whether the value changed since it was last written to the map; apart from the other
     * flags so that marking an entry dirty, on every update, is a plain store.
     */
    private boolean[] dirty;
    private int mask;
    private int size;
    /** Where the search for the next entry to give up starts. */
    private int hand;

    /**
     * @param capacity entries held at most before one is given up, at least 1; the table grows
     *     to at most the power of two that holds them at two thirds load
     */
    EntryCache(final int capacity) {
        this.capacity = capacity;
        this.maxSlots = Math.max(4, Integer.highestOneBit(Math.max(1, (int) Math.min(1L << 30, capacity * 3L / 2)) * 2 - 1));
        allocate(Math.min(INITIAL_SLOTS, maxSlots));
    }

    private void allocate(final int slots) {
        entries = new Object[3 * slots];
        hashes = new int[slots];
        keyGroups = new int[slots];
        flags = new byte[slots];
        dirty = new boolean[slots];
        mask = slots - 1;
    }



    /** @return the number of slots */
    int slots() {
        return mask + 1;
    }

    /** @return whether the cache holds {@code capacity} entries, so that one must go before another is placed */
    boolean full() {
        return size >= capacity;
    }

    /**
     * @param hash {@link StateEntries#hash} of the two
     * @param key the key
     * @param namespace the namespace
     * @return the slot holding (key, namespace), or -1
     */
    int find(final int hash, final Object key, final Object namespace) {
        final Object[] table = entries;
        int slot = hash & mask;
        while (true) {
            final Object candidate = table[3 * slot];
            if (candidate == null) {
                return -1;
            }
            final Object candidateNamespace = table[3 * slot + 1];
            // the same objects (pooled keys, cached windows) match without a look at the hash
            if (candidate == key && candidateNamespace == namespace
                    || hashes[slot] == hash && StateEntries.same(candidate, key) && StateEntries.same(candidateNamespace, namespace)) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** @return an occupied slot to give up next: the first one at or after the hand, which moves past it */
    int victim() {
        int slot = hand;
        while (entries[3 * slot] == null) {
            slot = (slot + 1) & mask;
        }
        hand = (slot + 1) & mask;
        return slot;
    }

    /**
     * @param hash the hash of an entry the cache does not hold, placed while it is not {@link #full()}
     * @return a free slot for it, after growing the table if it is at two thirds load and may grow
     */
    int free(final int hash) {
        if (size + 1 > (mask + 1) / 3 * 2 && mask + 1 < maxSlots) {
            grow();
        }
        int slot = hash & mask;
        while (entries[3 * slot] != null) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        final Object[] oldEntries = entries;
        final int[] oldHashes = hashes;
        final int[] oldKeyGroups = keyGroups;
        final byte[] oldFlags = flags;
        final boolean[] oldDirty = dirty;
        allocate(2 * (mask + 1));
        for (int old = 0; old < oldHashes.length; old++) {
            if (oldEntries[3 * old] != null) {
                int slot = oldHashes[old] & mask;
                while (entries[3 * slot] != null) {
                    slot = (slot + 1) & mask;
                }
                System.arraycopy(oldEntries, 3 * old, entries, 3 * slot, 3);
                hashes[slot] = oldHashes[old];
                keyGroups[slot] = oldKeyGroups[old];
                flags[slot] = oldFlags[old];
                dirty[slot] = oldDirty[old];
            }
        }
        hand = 0;
    }

    /**
     * Fills a free slot.
     *
     * @param slot from {@link #free}
     * @param hash the entry's hash
     * @param keyGroup the key's key group
     * @param key the key
     * @param namespace the namespace
     * @param value the value
     * @param isDirty whether the map lacks this value
     * @param isInMap whether the map holds the entry
     * @param isOwned whether the value was made by the backend and never handed out
     */
    void fill(final int slot, final int hash, final int keyGroup, final Object key, final Object namespace,
            final Object value, final boolean isDirty, final boolean isInMap, final boolean isOwned) {
        entries[3 * slot] = key;
        entries[3 * slot + 1] = namespace;
        entries[3 * slot + 2] = value;
        hashes[slot] = hash;
        keyGroups[slot] = keyGroup;
        flags[slot] = (byte) ((isInMap ? IN_MAP : 0) | (isOwned ? OWNED : 0));
        dirty[slot] = isDirty;
        size++;
    }

    /**
     * Empties a slot by backward-shift deletion: later entries of its probe run move into the
     * gap, so no tombstones are needed (and other slot numbers may change).
     *
     * @param slot an occupied slot
     */
    void empty(final int slot) {
        final Object[] table = entries;
        int gap = slot;
        int index = (gap + 1) & mask;
        while (table[3 * index] != null) {
            final int home = hashes[index] & mask;
            // the entry may move to the gap if its home is not in (gap, index], cyclically
            if (((index - home) & mask) >= ((index - gap) & mask)) {
                System.arraycopy(table, 3 * index, table, 3 * gap, 3);
                hashes[gap] = hashes[index];
                keyGroups[gap] = keyGroups[index];
                flags[gap] = flags[index];
                dirty[gap] = dirty[index];
                gap = index;
            }
            index = (index + 1) & mask;
        }
        table[3 * gap] = null;
        table[3 * gap + 1] = null;
        table[3 * gap + 2] = null;
        size--;
    }

    boolean occupied(final int slot) {
        return entries[3 * slot] != null;
    }

    Object key(final int slot) {
        return entries[3 * slot];
    }

    Object namespace(final int slot) {
        return entries[3 * slot + 1];
    }

    Object value(final int slot) {
        return entries[3 * slot + 2];
    }

    int keyGroup(final int slot) {
        return keyGroups[slot];
    }

    boolean dirty(final int slot) {
        return dirty[slot];
    }

    boolean inMap(final int slot) {
        return (flags[slot] & IN_MAP) != 0;
    }

    boolean owned(final int slot) {
        return (flags[slot] & OWNED) != 0;
    }

    /**
     * @param slot an occupied slot
     * @param value its new value, which the map does not have yet
     * @param isOwned whether the value was made by the backend and never handed out
     */
    void update(final int slot, final Object value, final boolean isOwned) {
        entries[3 * slot + 2] = value;
        flags[slot] = (byte) ((flags[slot] & IN_MAP) | (isOwned ? OWNED : 0));
        dirty[slot] = true;
    }

    /** @param slot an occupied slot whose value may be changed in place by whoever holds it */
    void touch(final int slot) {
        dirty[slot] = true;
    }

    /** @param slot an occupied slot whose value object a caller now holds */
    void handOut(final int slot) {
        flags[slot] = (byte) (flags[slot] & IN_MAP);
        dirty[slot] = true;
    }

    /** @param slot an occupied slot whose value the map now holds as it is */
    void written(final int slot) {
        flags[slot] = (byte) ((flags[slot] & OWNED) | IN_MAP);
        dirty[slot] = false;
    }
}
