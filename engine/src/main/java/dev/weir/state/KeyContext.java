package dev.weir.state;

/**
 * The key that keyed state and timers currently address.
 *
 * @param <K> the key type
 */
public interface KeyContext<K> {
    /** @param key the key the next state accesses and timer registrations belong to */
    void setCurrentKey(K key);

    /**
     * Sets the current key with its key group, known already (e.g. from routing), so that it is
     * not computed again; by default the group is ignored.
     *
     * @param key the key the next state accesses and timer registrations belong to
     * @param keyGroup its key group under the job's max parallelism, or -1 when unknown
     */
    default void setCurrentKey(final K key, final int keyGroup) {
        setCurrentKey(key);
    }

    /** @return the current key */
    K currentKey();
}
