package dev.weir.state;

/**
 * The current key of a keyed-state backend and its key group, checked against the key groups
 * the instance owns; shared by the backends so they reject keys alike. Not thread-safe.
 *
 * @param <K> the key type
 */
public final class CurrentKey<K> {
    private final KeyGroupRange keyGroupRange;
    private final int maxParallelism;
    /** Every key group is ours, so no key is rejected and the key group is computed only when asked for. */
    private final boolean ownsAllKeyGroups;
    private K key;
    private int keyGroup;
    private boolean keyGroupKnown = true;

    /**
     * @param keyGroupRange the key groups the instance owns
     * @param maxParallelism the number of key groups of the job
     */
    public CurrentKey(final KeyGroupRange keyGroupRange, final int maxParallelism) {
        this.keyGroupRange = keyGroupRange;
        this.maxParallelism = maxParallelism;
        this.ownsAllKeyGroups = keyGroupRange.startKeyGroup() == 0 && keyGroupRange.endKeyGroup() == maxParallelism - 1;
    }

    /**
     * @param newKey the key the next accesses address
     * @throws IllegalArgumentException if its key group is outside the range
     */
    public void set(final K newKey) {
        if (ownsAllKeyGroups) {
            if (newKey == null) {
                throw new NullPointerException("keys must not be null");
            }
            key = newKey;
            keyGroupKnown = false;
            return;
        }
        set(newKey, KeyGroups.keyGroupOf(newKey, maxParallelism));
    }

    /**
     * @param newKey the key the next accesses address
     * @param knownKeyGroup its key group, computed by whoever routed the key here, or -1 to compute it
     * @throws IllegalArgumentException if the key group is outside the range
     */
    public void set(final K newKey, final int knownKeyGroup) {
        if (knownKeyGroup < 0) {
            set(newKey);
            return;
        }
        if (!keyGroupRange.contains(knownKeyGroup)) {
            throw new IllegalArgumentException("key " + newKey + " is in key group " + knownKeyGroup
                    + ", outside this instance's range " + keyGroupRange);
        }
        key = newKey;
        keyGroup = knownKeyGroup;
        keyGroupKnown = true;
    }

    /** @return the current key */
    public K key() {
        return key;
    }

    /** @return its key group */
    public int keyGroup() {
        if (!keyGroupKnown) {
            keyGroup = KeyGroups.keyGroupOf(key, maxParallelism);
            keyGroupKnown = true;
        }
        return keyGroup;
    }

    /** @return the key groups the instance owns */
    public KeyGroupRange keyGroupRange() {
        return keyGroupRange;
    }

    /** @return the number of key groups of the job */
    public int maxParallelism() {
        return maxParallelism;
    }

    /**
     * @param restoredKeyGroup the key group of a restored entry
     * @throws IllegalArgumentException if it is outside the range
     */
    public void checkRestored(final int restoredKeyGroup) {
        if (!keyGroupRange.contains(restoredKeyGroup)) {
            throw new IllegalArgumentException("restored key group " + restoredKeyGroup
                    + " is outside this instance's range " + keyGroupRange);
        }
    }
}
