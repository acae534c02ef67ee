package dev.weir.perf.bench;

import dev.weir.perf.harness.EventFactory;
import dev.weir.pipelines.replay.EventPool;

/**
 * The input of {@code union}: trades of two venues, alternating, each venue's stream out of order by up to
 * {@link BenchSettings#outOfOrdernessMillis()}. Event {@code i} is a trade of venue {@code i mod 2} (its value's
 * lowest bit, {@link InputSides}), value {@code i mod 1000} (the size), event time {@code i * 1000 / pace} ms plus a
 * jitter of 0 to the bound drawn from {@code i}; venue A trades symbol {@code (i / 2) mod keys}, venue B the same
 * symbols in the reverse order. So an event is never older than the newest of its venue before it by more than the
 * bound, and no event is late for bounded out-of-orderness watermarks of that bound. A pure function of the index
 * and the settings.
 *
 * <p>A pool of pre-allocated events refilled in place, keys from a table of pre-boxed keys: allocates nothing. Not
 * thread-safe: used by one generating thread.
 */
public final class VenueTrades implements EventFactory<BenchEvent> {
    private static final long VALUES = 1_000;
    private static final long MILLIS_PER_SECOND = 1_000;

    private final EventPool<BenchEvent> pool;
    private final Integer[] keys;
    private final long pace;
    private final long bound;

    /**
     * @param settings keys, event-time pace and out-of-orderness
     * @param poolSize events in the pool (rounded up to a power of two), more than every system holds in flight
     */
    public VenueTrades(final BenchSettings settings, final int poolSize) {
        this.pool = InputPool.of(poolSize, BenchEvent::new);
        this.keys = new Integer[settings.keys()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = Integer.valueOf(i);
        }
        this.pace = settings.eventsPerSecondOfEventTime();
        this.bound = settings.outOfOrdernessMillis();
    }

    /**
     * @param index an event's index
     * @return its symbol
     */
    int keyOf(final long index) {
        final int symbol = (int) ((index >> 1) % keys.length);
        return InputSides.sideOf(index) == 0 ? symbol : keys.length - 1 - symbol;
    }

    /**
     * @param index an event's index
     * @return its event time in milliseconds
     */
    long eventTimeOf(final long index) {
        return index * MILLIS_PER_SECOND / pace + InputSides.jitter(index, bound);
    }

    @Override
    public BenchEvent next(final long index, final long intendedNanos) {
        return pool.next().refill(keys[keyOf(index)], index % VALUES, eventTimeOf(index), intendedNanos);
    }
}
