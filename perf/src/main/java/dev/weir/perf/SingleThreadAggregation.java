package dev.weir.perf;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * The throughput baseline: one thread generates the same ticks and aggregates count+sum per
 * 1 s tumbling window and key in an Agrona {@link Long2ObjectHashMap} keyed by
 * {@code windowIndex << 32 | key}, firing a window (every key's result to the totals) when
 * the first record of a later window arrives, as a watermark of {@code max - 1} would.
 * No threads, no rings, no watermarks, no timers: the cost of the aggregation itself.
 */
public final class SingleThreadAggregation {
    private final TickPool pool;
    private final long recordsPerWindow;
    private final long windowMillis;
    private final Long2ObjectHashMap<CountSum> windows;

    /**
     * @param pool the ticks to generate
     * @param recordsPerWindow records per window of event time
     * @param windowMillis the window size
     */
    public SingleThreadAggregation(final TickPool pool, final long recordsPerWindow, final long windowMillis) {
        this.pool = pool;
        this.recordsPerWindow = recordsPerWindow;
        this.windowMillis = windowMillis;
        this.windows = new Long2ObjectHashMap<>(pool.keyCount() * 2, 0.65f);
    }

    /**
     * Aggregates {@code records} ticks, then fires what is left.
     *
     * @param records ticks to generate and aggregate
     * @param totals receives every window result
     */
    public void run(final long records, final ResultTotals totals) {
        final long eventsPerMilli = recordsPerWindow / windowMillis;
        long openWindowEnd = Long.MIN_VALUE;
        for (long i = 0; i < records; i++) {
            final Tick tick = pool.next(i, 0, true);
            final long timestamp = i / eventsPerMilli;
            if (timestamp >= openWindowEnd) {
                fire(totals);
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
        fire(totals);
    }

    private void fire(final ResultTotals totals) {
        for (final CountSum result : windows.values()) {
            totals.add(result);
        }
        windows.clear();
    }
}
