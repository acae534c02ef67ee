package dev.weir.state;

/** Receives every entry of an operator's broadcast states, e.g. to write a snapshot. */
@FunctionalInterface
public interface BroadcastStateVisitor {
    /**
     * @param stateName the broadcast state the entry belongs to
     * @param key the entry's key
     * @param value its value
     */
    void broadcastEntry(String stateName, Object key, Object value);
}
