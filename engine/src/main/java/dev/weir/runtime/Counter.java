package dev.weir.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A count that one thread increments and any thread reads, for metrics. The owner's writes
 * are opaque (atomic, never torn, eventually visible, no fence on the hot path); a reader may
 * see a slightly stale value. No allocation. Only the owning thread may write.
 */
public final class Counter {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(Counter.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long value;

    /** Adds one; owner thread only. */
    public void increment() {
        VALUE.setOpaque(this, value + 1);
    }

    /** @param delta added to the count; owner thread only */
    public void add(final long delta) {
        VALUE.setOpaque(this, value + delta);
    }

    /** @return the count; any thread */
    public long get() {
        return (long) VALUE.getOpaque(this);
    }
}
