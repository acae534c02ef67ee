package dev.weir.offheap;

/**
 * The on-heap slots in front of one state's map: a set-associative table of (key, namespace)
 * -> value with least-recently-used replacement inside each set of up to 8 ways. Lookups
 * compare a cached hash first, then {@code equals}; nothing is allocated. The slot's flags
 * say whether the value changed since it was last written to the map (dirty), whether the
 * map holds the entry at all (in map), and whether the value object was made by the backend
 * and never handed out, so it may be read over when the slot is reused (owned). The owner
 * ({@link ChronicleStateTable}) decides what to write back. Not thread-safe.
 */
final class EntryCache {
    private static final int MAX_WAYS = 8;

    private final int ways;
    private final int setMask;
    private final Object[] keys;
    private final Object[] namespaces;
    private final Object[] values;
    private final int[] keyGroups;
    private final int[] hashes;
    private final long[] lastUsed;
    private final boolean[] dirty;
    private final boolean[] inMap;
    private final boolean[] owned;
    private long clock;

    /**
     * @param capacity entries held at least: the slots are twice as many, in a power-of-two
     *     number of sets, so that a working set of {@code capacity} entries rarely overflows a set
     */
    EntryCache(final int capacity) {
        this.ways = Math.min(MAX_WAYS, capacity);
        final int sets = capacity <= MAX_WAYS ? 1 : Integer.highestOneBit((2 * capacity + ways - 1) / ways * 2 - 1);
        this.setMask = sets - 1;
        final int slots = sets * ways;
        this.keys = new Object[slots];
        this.namespaces = new Object[slots];
        this.values = new Object[slots];
        this.keyGroups = new int[slots];
        this.hashes = new int[slots];
        this.lastUsed = new long[slots];
        this.dirty = new boolean[slots];
        this.inMap = new boolean[slots];
        this.owned = new boolean[slots];
    }

    /**
     * @param key a key, not null
     * @param namespace a namespace
     * @return their spread hash
     */
    static int hash(final Object key, final Object namespace) {
        int h = key.hashCode() * 31 + (namespace == null ? 0 : namespace.hashCode());
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        return h;
    }

    /** @return the number of slots */
    int slots() {
        return keys.length;
    }

    /**
     * @param hash {@link #hash} of the two
     * @param key the key
     * @param namespace the namespace
     * @return the slot holding (key, namespace), marked as just used, or -1
     */
    int find(final int hash, final Object key, final Object namespace) {
        final int first = (hash & setMask) * ways;
        for (int slot = first; slot < first + ways; slot++) {
            final Object slotKey = keys[slot];
            if (slotKey != null && hashes[slot] == hash && slotKey.equals(key)) {
                final Object slotNamespace = namespaces[slot];
                if (slotNamespace == namespace || slotNamespace != null && slotNamespace.equals(namespace)) {
                    lastUsed[slot] = ++clock;
                    return slot;
                }
            }
        }
        return -1;
    }

    /**
     * @param hash the hash of the entry to place
     * @return a free slot of its set, or the least recently used one (which the caller empties)
     */
    int victim(final int hash) {
        final int first = (hash & setMask) * ways;
        int oldest = first;
        for (int slot = first; slot < first + ways; slot++) {
            if (keys[slot] == null) {
                return slot;
            }
            if (lastUsed[slot] < lastUsed[oldest]) {
                oldest = slot;
            }
        }
        return oldest;
    }

    /**
     * Fills an empty slot.
     *
     * @param slot from {@link #victim}, emptied
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
        keys[slot] = key;
        namespaces[slot] = namespace;
        values[slot] = value;
        keyGroups[slot] = keyGroup;
        hashes[slot] = hash;
        lastUsed[slot] = ++clock;
        dirty[slot] = isDirty;
        inMap[slot] = isInMap;
        owned[slot] = isOwned;
    }

    /** @param slot emptied, its references dropped */
    void empty(final int slot) {
        keys[slot] = null;
        namespaces[slot] = null;
        values[slot] = null;
    }

    boolean occupied(final int slot) {
        return keys[slot] != null;
    }

    Object key(final int slot) {
        return keys[slot];
    }

    Object namespace(final int slot) {
        return namespaces[slot];
    }

    Object value(final int slot) {
        return values[slot];
    }

    int keyGroup(final int slot) {
        return keyGroups[slot];
    }

    boolean dirty(final int slot) {
        return dirty[slot];
    }

    boolean inMap(final int slot) {
        return inMap[slot];
    }

    boolean owned(final int slot) {
        return owned[slot];
    }

    /**
     * @param slot an occupied slot
     * @param value its new value, which the map does not have yet
     * @param isOwned whether the value was made by the backend and never handed out
     */
    void update(final int slot, final Object value, final boolean isOwned) {
        values[slot] = value;
        dirty[slot] = true;
        owned[slot] = isOwned;
    }

    /** @param slot an occupied slot whose value may be changed in place by whoever holds it */
    void touch(final int slot) {
        dirty[slot] = true;
    }

    /** @param slot an occupied slot whose value object a caller now holds */
    void handOut(final int slot) {
        dirty[slot] = true;
        owned[slot] = false;
    }

    /** @param slot an occupied slot whose value the map now holds as it is */
    void written(final int slot) {
        dirty[slot] = false;
        inMap[slot] = true;
    }
}
