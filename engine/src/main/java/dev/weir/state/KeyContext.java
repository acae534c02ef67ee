package dev.weir.state;

/**
 * The key that keyed state and timers currently address.
 *
 * @param <K> the key type
 */
public interface KeyContext<K> {
    /** @param key the key the next state accesses and timer registrations belong to */
    void setCurrentKey(K key);

    /** @return the current key */
    K currentKey();
}
