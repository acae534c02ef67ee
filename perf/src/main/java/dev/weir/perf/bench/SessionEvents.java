package dev.weir.perf.bench;

import dev.weir.perf.harness.EventFactory;
import dev.weir.pipelines.replay.EventPool;

/**
 * The input of {@code session}: keys active in bursts separated by more than the 30 s session gap, so that sessions
 * close all through a run instead of all at its end. Event time runs in cycles of 50 s, five bursts of 10 s each; key
 * {@code k} belongs to group {@code k mod 5} and is active only in the group's burst. Within its burst each key of
 * the group gets {@value #EVENTS_PER_BURST} events, round robin over the group's keys, evenly spread over the 10 s
 * (2.5 s apart, one session); then it is silent for at least 40 s, so its session closes 30 s of event time after its
 * last event while the other groups' bursts go on. A cycle has {@code 4 * keys} events whatever the rate: with the
 * default 10,000 keys, 8,000 events a burst, sessions close from about event 30,000 on and then 2,000 every 8,000
 * events. Event time never decreases. Value of event {@code i}: {@code i mod 1000}, as in {@link BenchEvents}.
 * Fewer than 5 keys leave bursts empty; event time still skips them, so the silence stays at least 40 s.
 *
 * <p>A pool of pre-allocated events refilled in place, keys from a table of pre-boxed keys: allocates nothing. Events
 * must be asked for in index order, as the harness does. Not thread-safe: used by one generating thread.
 */
public final class SessionEvents implements EventFactory<BenchEvent> {
    /** Events per key per burst. */
    static final int EVENTS_PER_BURST = 4;
    /** Key groups, one burst each per cycle. */
    static final int GROUPS = 5;
    /** The length of one burst in milliseconds of event time. */
    static final long BURST_MILLIS = 10_000;

    private static final long CYCLE_MILLIS = GROUPS * BURST_MILLIS;
    private static final long VALUES = 1_000;

    private final EventPool<BenchEvent> pool;
    private final Integer[] keys;
    /** Per group: its first event within a cycle; the last entry is the cycle's length in events. */
    private final long[] groupStarts = new long[GROUPS + 1];
    private final long[] groupSizes = new long[GROUPS];

    /**
     * @param keys distinct keys, at least 1
     * @param poolSize events in the pool (rounded up to a power of two), more than every system holds in flight
     */
    public SessionEvents(final int keys, final int poolSize) {
        if (keys < 1) {
            throw new IllegalArgumentException("keys must be at least 1: " + keys);
        }
        this.pool = InputPool.of(poolSize, BenchEvent::new);
        this.keys = new Integer[keys];
        for (int i = 0; i < keys; i++) {
            this.keys[i] = Integer.valueOf(i);
        }
        for (int group = 0; group < GROUPS; group++) {
            // keys group, group + 5, group + 10, ... below keys
            groupSizes[group] = group < keys ? (keys - group + GROUPS - 1) / GROUPS : 0;
            groupStarts[group + 1] = groupStarts[group] + EVENTS_PER_BURST * groupSizes[group];
        }
    }

    /** @return events in one 50 s cycle: {@value #EVENTS_PER_BURST} per key */
    public long eventsPerCycle() {
        return groupStarts[GROUPS];
    }

    @Override
    public BenchEvent next(final long index, final long intendedNanos) {
        final long cycle = index / groupStarts[GROUPS];
        final long inCycle = index % groupStarts[GROUPS];
        int group = 0;
        while (inCycle >= groupStarts[group + 1]) {
            group++;
        }
        final long inBurst = inCycle - groupStarts[group];
        final int key = (int) (group + GROUPS * (inBurst % groupSizes[group]));
        final long eventTime = cycle * CYCLE_MILLIS + group * BURST_MILLIS + inBurst * BURST_MILLIS / (EVENTS_PER_BURST * groupSizes[group]);
        return pool.next().refill(keys[key], index % VALUES, eventTime, intendedNanos);
    }
}
