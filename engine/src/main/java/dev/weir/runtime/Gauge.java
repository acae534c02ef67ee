package dev.weir.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A value that one thread sets and any thread reads, for metrics (a watermark, a queue size).
 * Writes are ordered (release), so a reader never sees a torn value and sees the gauges of one
 * publication in the order they were set; a reader may see a slightly stale value. No
 * allocation. Only the owning thread may write.
 */
public final class Gauge {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(Gauge.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long value;

    /** @param initial the value before the first {@link #set} */
    public Gauge(final long initial) {
        VALUE.setRelease(this, initial);
    }

    /** @param newValue the current value; owner thread only */
    public void set(final long newValue) {
        VALUE.setRelease(this, newValue);
    }

    /** @return the last value set; any thread */
    public long get() {
        return (long) VALUE.getAcquire(this);
    }
}
