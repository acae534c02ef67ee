package dev.weir.checkpoint;

import dev.weir.timer.TimeDomain;

/** Receives the entries of a snapshot file as {@link SnapshotFileReader} reads them, in file order. */
public interface SnapshotEntryVisitor {
    /**
     * @param stateName the state the entry belongs to
     * @param keyGroup the key group of {@code key}
     * @param key the key
     * @param namespace the namespace (for windows, the window)
     * @param value the value
     */
    default void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
    }

    /**
     * @param domain event or processing time
     * @param keyGroup the key group of {@code key}
     * @param timestamp when the timer fires
     * @param key its key
     * @param namespace its namespace
     */
    default void timer(final TimeDomain domain, final int keyGroup, final long timestamp, final Object key, final Object namespace) {
    }

    /** @param position a source reader's position (one split's, for a reader of several) */
    default void position(final Object position) {
    }

    /**
     * @param stateName the broadcast state the entry belongs to (operator state, not keyed)
     * @param key the entry's key
     * @param value its value
     */
    default void broadcastStateEntry(final String stateName, final Object key, final Object value) {
    }
}
