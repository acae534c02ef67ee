package dev.weir.operator;

import dev.weir.state.KeyedStateVisitor;
import dev.weir.timer.TimeDomain;

/** Receives a {@link CheckpointedOperator}'s keyed state entries and timers at a checkpoint. */
public interface OperatorSnapshot extends KeyedStateVisitor {
    /**
     * @param domain event or processing time
     * @param timestamp when the timer fires
     * @param key its key
     * @param namespace its namespace
     */
    void timer(TimeDomain domain, long timestamp, Object key, Object namespace);
}
