package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.List;
import org.agrona.collections.Long2LongCounterMap;
import org.agrona.collections.LongLongConsumer;

/**
 * The ceiling of {@code tumbling}: count and sum per key of the one open 1 s window in two primitive maps, on the
 * sending thread. The input's event time never decreases, so a window fires, as a watermark of the event's time minus
 * 1 would fire it, when the first event of a later window arrives: each key's result arrives then, attributed to that
 * event. What is open at the end is fired by the end of input and counted as unattributed, as on an engine. No
 * threads, no rings, no timers, no allocation per event. Runs on the harness's thread only.
 */
final class TumblingCeiling implements BenchmarkedPipeline<BenchEvent> {
    private final Arrivals arrivals;
    private final Long2LongCounterMap counts;
    private final Long2LongCounterMap sums;
    private final LongLongConsumer fireAttributed = this::fireAttributed;
    private final LongLongConsumer fireAtEnd = this::fireAtEnd;
    private long openWindowEnd = Long.MIN_VALUE;
    private long firingIntendedNanos;
    private long checksum;

    /**
     * @param arrivals where results are reported
     * @param keys keys in the input, to size the maps
     */
    TumblingCeiling(final Arrivals arrivals, final int keys) {
        this.arrivals = arrivals;
        this.counts = new Long2LongCounterMap(keys * 2, 0.65f, 0);
        this.sums = new Long2LongCounterMap(keys * 2, 0.65f, 0);
    }

    @Override
    public void start() {
        // no threads to start
    }

    @Override
    public void send(final BenchEvent event) {
        final long timestamp = event.eventTimeMillis();
        if (timestamp >= openWindowEnd) {
            firingIntendedNanos = event.intendedNanos();
            counts.forEach(fireAttributed);
            clear();
            openWindowEnd = timestamp - Math.floorMod(timestamp, TumblingPipeline.WINDOW_MILLIS) + TumblingPipeline.WINDOW_MILLIS;
        }
        final long key = event.key();
        counts.incrementAndGet(key);
        sums.addAndGet(key, event.value());
    }

    @Override
    public void finish() {
        counts.forEach(fireAtEnd);
        clear();
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }

    /** @return a digest of every result fired so far (count and sum of each key and window), so the work is not skipped */
    long checksum() {
        return checksum;
    }

    private void fireAttributed(final long key, final long count) {
        checksum = checksum * 31 + count * 1_000_003 + sums.get(key);
        arrivals.record(firingIntendedNanos);
    }

    private void fireAtEnd(final long key, final long count) {
        checksum = checksum * 31 + count * 1_000_003 + sums.get(key);
        // nothing logged a watermark on this arrivals: the result counts as unattributed, as one fired by end of input
        arrivals.recordWindowResult(openWindowEnd - 1);
    }

    private void clear() {
        counts.clear();
        sums.clear();
    }
}
