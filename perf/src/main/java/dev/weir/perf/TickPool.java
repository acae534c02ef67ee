package dev.weir.perf;

/**
 * A ring of pre-allocated {@link Tick}s handed out in turn, plus the boxed keys. The pool
 * must be larger than the number of ticks that can be in flight (ring capacity times
 * channels, plus one batch) so a tick is never refilled while a consumer still reads it.
 * Not thread-safe: owned by the generating thread.
 */
public final class TickPool {
    private final Tick[] ticks;
    private final Integer[] keys;
    private final int mask;
    private long next;

    /**
     * @param size ticks in the pool, a power of two
     * @param keyCount distinct keys, boxed once here
     */
    public TickPool(final int size, final int keyCount) {
        if (size < 1 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("pool size must be a power of two: " + size);
        }
        this.ticks = new Tick[size];
        for (int i = 0; i < size; i++) {
            ticks[i] = new Tick();
        }
        this.mask = size - 1;
        this.keys = new Integer[keyCount];
        for (int i = 0; i < keyCount; i++) {
            keys[i] = i;
        }
    }

    /**
     * Refills the next pooled tick for record {@code index}: key {@code index % keys},
     * price {@code index % 1024}.
     *
     * @param index the record's index
     * @param intendedNanos when it is due, or 0 when unpaced
     * @param measured false during warm-up
     * @return the refilled tick
     */
    public Tick next(final long index, final long intendedNanos, final boolean measured) {
        final int keyIndex = (int) (index % keys.length);
        return ticks[(int) (next++ & mask)].set(keys[keyIndex], keyIndex, index & 1023, intendedNanos, measured);
    }

    /** @return the number of distinct keys */
    public int keyCount() {
        return keys.length;
    }
}
