package dev.weir.operator;

import dev.weir.state.BroadcastStateVisitor;
import dev.weir.state.KeyedStateVisitor;
import dev.weir.timer.TimeDomain;

/**
 * Receives a {@link CheckpointedOperator}'s keyed state entries and timers at a checkpoint, and
 * its broadcast state entries when the snapshot takes them.
 */
public interface OperatorSnapshot extends KeyedStateVisitor, BroadcastStateVisitor {
    /**
     * @param domain event or processing time
     * @param timestamp when the timer fires
     * @param key its key
     * @param namespace its namespace
     */
    void timer(TimeDomain domain, long timestamp, Object key, Object namespace);

    /**
     * An entry of a named broadcast (non-keyed) state, which one instance writes for all; by
     * default a snapshot takes none.
     *
     * @param stateName the broadcast state
     * @param key the entry's key
     * @param value its value
     * @throws UnsupportedOperationException unless the snapshot takes broadcast state
     */
    @Override
    default void broadcastEntry(final String stateName, final Object key, final Object value) {
        throw new UnsupportedOperationException("this snapshot takes no broadcast state, yet broadcast state '" + stateName + "' was given");
    }
}
