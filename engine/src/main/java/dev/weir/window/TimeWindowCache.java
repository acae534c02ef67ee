package dev.weir.window;

/**
 * A small direct-mapped cache of time windows owned by one window operator instance: the
 * windows of a tumbling or sliding assigner repeat for every record of the same period, so
 * after the first record of a period assigning allocates nothing. Not thread-safe.
 */
final class TimeWindowCache {
    private static final int SLOTS = 64;

    private final TimeWindow[] windows = new TimeWindow[SLOTS];
    /** Sliding windows by their start's slide number, so one record's windows never evict each other. */
    private TimeWindow[] slidingWindows = new TimeWindow[SLOTS];
    /** The window {@link #containing} returned last, with the alignment it was made for. */
    private TimeWindow recent;
    private long recentOffset;
    private long recentSize;

    /**
     * The tumbling window holding {@code timestamp}; records in time order mostly fall in the
     * window of the record before, which is then returned without a division.
     */
    TimeWindow containing(final long timestamp, final long offset, final long size) {
        final TimeWindow last = recent;
        if (last != null && timestamp >= last.start() && timestamp < last.end() && size == recentSize && offset == recentOffset) {
            return last;
        }
        final TimeWindow window = window(TimeWindow.windowStart(timestamp, offset, size), TimeWindow.windowEnd(timestamp, offset, size));
        recent = window;
        recentOffset = offset;
        recentSize = size;
        return window;
    }

    TimeWindow window(final long start, final long end) {
        return cached(windows, (int) (Long.hashCode(start * 31 + end) ^ (start >>> 7)) & (SLOTS - 1), start, end);
    }

    /**
     * A window of a sliding assigner. Consecutive windows start a slide apart, so slotting them by
     * {@code start / slide} puts the {@code windowsPerRecord} windows of one record in distinct slots
     * once the table holds that many (it grows once, to the next power of two).
     */
    TimeWindow sliding(final long start, final long end, final long slide, final long windowsPerRecord) {
        if (windowsPerRecord > slidingWindows.length) {
            slidingWindows = new TimeWindow[Integer.highestOneBit((int) Math.min(windowsPerRecord, 1 << 30) - 1) << 1];
        }
        return cached(slidingWindows, (int) (Math.floorDiv(start, slide) & (slidingWindows.length - 1)), start, end);
    }

    /** @return the window in the slot if it equals {@code [start, end)}, else a new one, put in the slot */
    private static TimeWindow cached(final TimeWindow[] table, final int slot, final long start, final long end) {
        final TimeWindow cached = table[slot];
        if (cached != null && cached.start() == start && cached.end() == end) {
            return cached;
        }
        final TimeWindow window = new TimeWindow(start, end);
        table[slot] = window;
        return window;
    }
}
