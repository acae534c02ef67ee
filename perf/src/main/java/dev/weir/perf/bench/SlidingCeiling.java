package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.List;
import org.agrona.collections.Long2LongCounterMap;
import org.agrona.collections.LongLongConsumer;

/**
 * The ceiling of {@code sliding}: count and sum per key of each of the ten open windows, one pair of primitive maps per
 * window in a ring of ten, on the sending thread. Window {@code s} is {@code [s * 1 s, s * 1 s + 10 s)} and lives in
 * slot {@code s mod 10}. The input's event time never decreases, so before an event is added every window that ends
 * at or before its time fires, as a watermark of the event's time minus 1 would fire it: each key's result arrives
 * then, attributed to that event, and the slot is free for the window that starts next. What is open at the end is
 * fired by the end of input and counted as unattributed, as on an engine. No threads, no rings, no timers, no
 * allocation per event once the maps have grown. Runs on the harness's thread only.
 */
final class SlidingCeiling implements BenchmarkedPipeline<BenchEvent> {
    private static final int WINDOWS_PER_EVENT = (int) (SlidingPipeline.SIZE_MILLIS / SlidingPipeline.SLIDE_MILLIS);

    private final Arrivals arrivals;
    private final CountSumResults results;
    private final Long2LongCounterMap[] counts = new Long2LongCounterMap[WINDOWS_PER_EVENT];
    private final Long2LongCounterMap[] sums = new Long2LongCounterMap[WINDOWS_PER_EVENT];
    private final LongLongConsumer fireOne = this::fireOne;
    /** The lowest window index not fired yet; {@link Long#MIN_VALUE} before the first event. */
    private long nextToFire = Long.MIN_VALUE;
    private long firingWindow;
    private boolean firingAtEnd;
    private long firingIntendedNanos;

    /**
     * @param arrivals where results are reported
     * @param keys keys in the input, to size the maps
     * @param results also receives every result (the benchmark passes {@link CountSumResults#NONE})
     */
    SlidingCeiling(final Arrivals arrivals, final int keys, final CountSumResults results) {
        this.arrivals = arrivals;
        this.results = results;
        for (int slot = 0; slot < WINDOWS_PER_EVENT; slot++) {
            counts[slot] = new Long2LongCounterMap(keys * 2, 0.65f, 0);
            sums[slot] = new Long2LongCounterMap(keys * 2, 0.65f, 0);
        }
    }

    @Override
    public void start() {
        // no threads to start
    }

    @Override
    public void send(final BenchEvent event) {
        final long timestamp = event.eventTimeMillis();
        final long newest = Math.floorDiv(timestamp, SlidingPipeline.SLIDE_MILLIS);
        // the windows ending at or before the event's time: [s, s + 10 s) with s * 1 s + 10 s <= timestamp
        final long lastClosed = newest - WINDOWS_PER_EVENT;
        if (nextToFire == Long.MIN_VALUE) {
            nextToFire = lastClosed + 1;
        } else if (nextToFire <= lastClosed) {
            firingIntendedNanos = event.intendedNanos();
            fire(Math.min(lastClosed, nextToFire + WINDOWS_PER_EVENT - 1), false);
            nextToFire = lastClosed + 1;
        }
        final long key = event.key();
        for (long window = lastClosed + 1; window <= newest; window++) {
            final int slot = (int) Math.floorMod(window, (long) WINDOWS_PER_EVENT);
            counts[slot].incrementAndGet(key);
            sums[slot].addAndGet(key, event.value());
        }
    }

    @Override
    public void finish() {
        if (nextToFire != Long.MIN_VALUE) {
            fire(nextToFire + WINDOWS_PER_EVENT - 1, true);
        }
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }

    /** Fires the windows from {@link #nextToFire} to {@code last}, in order. */
    private void fire(final long last, final boolean atEnd) {
        firingAtEnd = atEnd;
        for (long window = nextToFire; window <= last; window++) {
            firingWindow = window;
            final int slot = (int) Math.floorMod(window, (long) WINDOWS_PER_EVENT);
            counts[slot].forEach(fireOne);
            counts[slot].clear();
            sums[slot].clear();
        }
    }

    private void fireOne(final long key, final long count) {
        final long start = firingWindow * SlidingPipeline.SLIDE_MILLIS;
        final long end = start + SlidingPipeline.SIZE_MILLIS;
        results.result((int) key, start, end, count, sums[(int) Math.floorMod(firingWindow, (long) WINDOWS_PER_EVENT)].get(key));
        if (firingAtEnd) {
            // nothing logged a watermark on this arrivals: the result counts as unattributed, as one fired by end of input
            arrivals.recordWindowResult(end - 1);
        } else {
            arrivals.record(firingIntendedNanos);
        }
    }
}
