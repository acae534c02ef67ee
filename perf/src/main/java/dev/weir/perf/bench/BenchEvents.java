package dev.weir.perf.bench;

import dev.weir.perf.harness.EventFactory;

/**
 * The input of the {@link BenchEvent} pipelines: a pool of pre-allocated events refilled in place, allocating nothing.
 * Event {@code i} has key {@code i mod keys} (from a table of pre-boxed keys), value {@code i mod 1000} and event
 * time {@code i * 1000 / eventsPerSecondOfEventTime} ms, so event time never decreases and every engine sees the same
 * input whatever the rate. Not thread-safe: used by one generating thread.
 */
public final class BenchEvents implements EventFactory<BenchEvent> {
    /** Values cycle through 0..999: sums stay far from overflow on any run. */
    private static final long VALUES = 1_000;
    private static final long MILLIS_PER_SECOND = 1_000;

    private final BenchEvent[] pool;
    private final int mask;
    private final Integer[] keys;
    private final long eventsPerSecondOfEventTime;

    /**
     * @param keys distinct keys, at least 1
     * @param eventsPerSecondOfEventTime how many events share a second of event time, at least 1
     * @param poolSize events in the pool (rounded up to a power of two), more than every system holds in flight
     */
    public BenchEvents(final int keys, final long eventsPerSecondOfEventTime, final int poolSize) {
        if (keys < 1 || eventsPerSecondOfEventTime < 1 || poolSize < 1 || poolSize > 1 << 30) {
            throw new IllegalArgumentException("keys, pace and pool size must be positive (pool at most 2^30): " + keys + ", "
                    + eventsPerSecondOfEventTime + ", " + poolSize);
        }
        final int size = poolSize == 1 ? 1 : Integer.highestOneBit(poolSize - 1) << 1;
        this.pool = new BenchEvent[size];
        for (int i = 0; i < size; i++) {
            pool[i] = new BenchEvent();
        }
        this.mask = size - 1;
        this.keys = new Integer[keys];
        for (int i = 0; i < keys; i++) {
            // Integer.valueOf caches only -128..127: box each key once here, not per event
            this.keys[i] = Integer.valueOf(i);
        }
        this.eventsPerSecondOfEventTime = eventsPerSecondOfEventTime;
    }

    /**
     * @param settings keys and event-time pace
     * @param poolSize events in the pool
     * @return the input those settings describe
     */
    public static BenchEvents of(final BenchSettings settings, final int poolSize) {
        return new BenchEvents(settings.keys(), settings.eventsPerSecondOfEventTime(), poolSize);
    }

    /** @return events in the pool: an event is refilled again after this many calls */
    public int poolSize() {
        return pool.length;
    }

    /**
     * @param index an event's index
     * @return its event time in milliseconds
     */
    public long eventTimeOf(final long index) {
        return index * MILLIS_PER_SECOND / eventsPerSecondOfEventTime;
    }

    @Override
    public BenchEvent next(final long index, final long intendedNanos) {
        return pool[(int) (index & mask)].refill(keys[(int) (index % keys.length)], index % VALUES, eventTimeOf(index), intendedNanos);
    }
}
