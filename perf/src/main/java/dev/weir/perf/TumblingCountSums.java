package dev.weir.perf;

import dev.weir.perf.harness.Arrivals;
import dev.weir.state.CountSum;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The hand-written aggregation of the throughput baselines: count+sum of tick prices per key and tumbling window in
 * an Agrona {@link Long2ObjectHashMap} keyed by {@code windowIndex << 32 | key}, firing every open window (each key's
 * result to the totals) when the first record of a later window arrives, as a watermark of {@code max - 1} would.
 * Each result fired by a record is reported to {@link Arrivals} with that record's intended send time (the record
 * that fired it, as a watermark's record fires a Weir window); what the end of the input fires is not. Runs on one
 * thread; not thread-safe.
 */
final class TumblingCountSums {
    private final long windowMillis;
    private final ResultTotals totals;
    private final Arrivals arrivals;
    private final Long2ObjectHashMap<CountSum> windows;
    private long openWindowEnd = Long.MIN_VALUE;

    /**
     * @param keyCount distinct keys, to size the map
     * @param windowMillis the window size
     * @param totals receives every window result
     * @param arrivals receives the arrival of every result fired by a record
     */
    TumblingCountSums(final int keyCount, final long windowMillis, final ResultTotals totals, final Arrivals arrivals) {
        this.windowMillis = windowMillis;
        this.totals = totals;
        this.arrivals = arrivals;
        this.windows = new Long2ObjectHashMap<>(keyCount * 2, 0.65f);
    }

    /** @param tick the next record, in event-time order; not kept */
    void add(final Tick tick) {
        final long timestamp = tick.eventTimeMillis();
        if (timestamp >= openWindowEnd) {
            fire(true, tick.intendedNanos());
            openWindowEnd = timestamp - timestamp % windowMillis + windowMillis;
        }
        final long key = (timestamp / windowMillis) << 32 | tick.keyIndex();
        CountSum accumulator = windows.get(key);
        if (accumulator == null) {
            accumulator = new CountSum();
            windows.put(key, accumulator);
        }
        accumulator.add(tick.price());
    }

    /** Fires what is left at the end of the input. */
    void end() {
        fire(false, 0);
    }

    private void fire(final boolean attributed, final long intendedNanos) {
        for (final CountSum result : windows.values()) {
            totals.add(result);
            if (attributed) {
                arrivals.record(intendedNanos);
            }
        }
        windows.clear();
    }
}
