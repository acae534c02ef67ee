package dev.weir.state;

/** Receives every entry of a keyed-state backend, e.g. to write a snapshot. */
@FunctionalInterface
public interface KeyedStateVisitor {
    /**
     * @param stateName the state the entry belongs to
     * @param keyGroup the key group of the key
     * @param key the key
     * @param namespace the namespace (for windows, the window)
     * @param value the value (accumulator, element list, ...)
     */
    void entry(String stateName, int keyGroup, Object key, Object namespace, Object value);
}
