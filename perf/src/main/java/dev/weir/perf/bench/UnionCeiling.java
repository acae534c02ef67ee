package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.List;

/**
 * The ceiling of {@code union}: one loop over the interleaved trades of both venues, on the sending thread, with the
 * semantics of the engines' union: each venue's watermark is its newest event time minus the bound minus 1 (after
 * every event), the union's is the lower of the two, and a symbol's 1 s window fires when the union's watermark
 * reaches its last millisecond; what is open at the end fires then. Windows are counted in a few slots of primitive
 * arrays indexed by symbol (as many as can be open at once under the bound), each with the list of the symbols it
 * saw. Results are attributed as an engine's are: the source's watermark (the same bound over both venues) is logged
 * to the arrivals after every event, and each result is reported with {@link Arrivals#recordWindowResult(long)}. No
 * threads, no rings, no timers, no allocation per event. Runs on the harness's thread only.
 */
final class UnionCeiling implements BenchmarkedPipeline<BenchEvent> {
    private final Arrivals arrivals;
    private final CountSumResults results;
    private final long bound;
    private final OpenWindow[] slots;
    private long newestOfA = Long.MIN_VALUE;
    private long newestOfB = Long.MIN_VALUE;
    private long sourceWatermark = Long.MIN_VALUE;
    private long unionWatermark = Long.MIN_VALUE;
    /** The lowest last millisecond of an open window, or MAX when none is open. */
    private long firstDue = Long.MAX_VALUE;
    private long checksum;

    /**
     * @param arrivals where results are reported and the source's watermarks logged
     * @param settings keys, event-time pace and out-of-orderness
     * @param results receives every window result (a test's collector, or {@link CountSumResults#NONE})
     */
    UnionCeiling(final Arrivals arrivals, final BenchSettings settings, final CountSumResults results) {
        this.arrivals = arrivals;
        this.results = results;
        this.bound = settings.outOfOrdernessMillis();
        // open windows span the bound on each venue, the venues' skew and a step of the pace
        final long spanMillis = 2 * bound + 3 * (1_000 / settings.eventsPerSecondOfEventTime()) + 2;
        this.slots = new OpenWindow[(int) (spanMillis / UnionPipeline.WINDOW_MILLIS) + 3];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new OpenWindow(settings.keys());
        }
    }

    @Override
    public void start() {
        // no threads to start
    }

    @Override
    public void send(final BenchEvent event) {
        final long timestamp = event.eventTimeMillis();
        final long window = Math.floorDiv(timestamp, UnionPipeline.WINDOW_MILLIS);
        final OpenWindow slot = slots[(int) Math.floorMod(window, (long) slots.length)];
        if (slot.window != window) {
            if (slot.open()) {
                throw new IllegalStateException("union ceiling: window " + window + " opens while window " + slot.window
                        + " is still open in its slot; the input is further out of order than " + bound + " ms");
            }
            slot.window = window;
            firstDue = Math.min(firstDue, slot.lastMillisecond());
        }
        slot.add(event.key(), event.value());
        final long fromSource = timestamp - bound - 1;
        if (fromSource > sourceWatermark) {
            sourceWatermark = fromSource;
            arrivals.watermarkEmitted(fromSource, event.intendedNanos());
        }
        if ((event.value() & 1) == 0) {
            newestOfA = Math.max(newestOfA, timestamp);
        } else {
            newestOfB = Math.max(newestOfB, timestamp);
        }
        if (newestOfA != Long.MIN_VALUE && newestOfB != Long.MIN_VALUE) {
            final long watermark = Math.min(newestOfA, newestOfB) - bound - 1;
            if (watermark > unionWatermark) {
                unionWatermark = watermark;
                if (watermark >= firstDue) {
                    fireUpTo(watermark);
                }
            }
        }
    }

    @Override
    public void finish() {
        fireUpTo(Long.MAX_VALUE);
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }

    /** @return a digest of every result fired so far, so the work is not skipped */
    long checksum() {
        return checksum;
    }

    /** Fires the open windows whose last millisecond the watermark reached, earliest first. */
    private void fireUpTo(final long watermark) {
        while (firstDue != Long.MAX_VALUE && firstDue <= watermark) {
            OpenWindow due = null;
            for (final OpenWindow slot : slots) {
                if (slot.open() && slot.lastMillisecond() == firstDue) {
                    due = slot;
                }
            }
            fire(due);
            firstDue = Long.MAX_VALUE;
            for (final OpenWindow slot : slots) {
                if (slot.open()) {
                    firstDue = Math.min(firstDue, slot.lastMillisecond());
                }
            }
        }
    }

    private void fire(final OpenWindow slot) {
        final long start = slot.window * UnionPipeline.WINDOW_MILLIS;
        final long end = start + UnionPipeline.WINDOW_MILLIS;
        for (int i = 0; i < slot.touched; i++) {
            final int key = slot.keys[i];
            final long count = slot.counts[key];
            final long sum = slot.sums[key];
            checksum = checksum * 31 + count * 1_000_003 + sum;
            results.result(key, start, end, count, sum);
            arrivals.recordWindowResult(end - 1);
            slot.counts[key] = 0;
            slot.sums[key] = 0;
        }
        slot.touched = 0;
        slot.window = Long.MIN_VALUE;
    }

    /** One window being counted: count and sum per symbol, and the symbols it saw in order. */
    private static final class OpenWindow {
        private final long[] counts;
        private final long[] sums;
        private final int[] keys;
        private int touched;
        private long window = Long.MIN_VALUE;

        OpenWindow(final int keyCount) {
            this.counts = new long[keyCount];
            this.sums = new long[keyCount];
            this.keys = new int[keyCount];
        }

        boolean open() {
            return window != Long.MIN_VALUE;
        }

        long lastMillisecond() {
            return (window + 1) * UnionPipeline.WINDOW_MILLIS - 1;
        }

        void add(final int key, final long value) {
            if (counts[key]++ == 0) {
                keys[touched++] = key;
            }
            sums[key] += value;
        }
    }
}
