package dev.weir.perf;

import dev.weir.perf.harness.EventFactory;

/**
 * The benchmarks' input: a ring of pre-allocated {@link Tick}s handed out in turn, plus the boxed keys. Record
 * {@code i} gets key {@code i % keys}, price {@code i % 1024} and event time {@code i / eventsPerMilli} ms. The pool
 * must be larger than the number of ticks that can be in flight (ring capacity times channels, plus one batch) so a
 * tick is never refilled while a consumer still reads it. Not thread-safe: owned by the generating thread.
 */
public final class TickPool implements EventFactory<Tick> {
    private final Tick[] ticks;
    private final Integer[] keys;
    private final long eventsPerMilli;
    private final int mask;
    private long next;

    /**
     * @param size ticks in the pool, a power of two
     * @param keyCount distinct keys, boxed once here
     * @param eventsPerMilli records per millisecond of event time, at least 1
     */
    public TickPool(final int size, final int keyCount, final long eventsPerMilli) {
        if (size < 1 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("pool size must be a power of two: " + size);
        }
        if (keyCount < 1 || eventsPerMilli < 1) {
            throw new IllegalArgumentException("keys and events per millisecond must be at least 1: " + keyCount + ", " + eventsPerMilli);
        }
        this.ticks = new Tick[size];
        for (int i = 0; i < size; i++) {
            ticks[i] = new Tick();
        }
        this.mask = size - 1;
        this.eventsPerMilli = eventsPerMilli;
        this.keys = new Integer[keyCount];
        for (int i = 0; i < keyCount; i++) {
            keys[i] = i;
        }
    }

    @Override
    public Tick next(final long index, final long intendedNanos) {
        final int keyIndex = (int) (index % keys.length);
        return ticks[(int) (next++ & mask)].set(keys[keyIndex], keyIndex, index & 1023, index / eventsPerMilli, intendedNanos);
    }
}
