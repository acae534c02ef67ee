package dev.weir.state;

/**
 * A piece of keyed state: addressed by the backend's current key and this state's current
 * namespace (for windows, the window).
 */
public interface KeyedState {
    /** @param namespace the namespace the next accesses address */
    void setNamespace(Object namespace);

    /** Removes the value of the current key and namespace. */
    void clear();
}
