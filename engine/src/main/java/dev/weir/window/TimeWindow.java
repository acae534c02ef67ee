package dev.weir.window;

/** The time interval {@code [start, end)} in milliseconds of event or processing time. */
public final class TimeWindow extends Window {
    private final long start;
    private final long end;

    /**
     * @param start first timestamp, inclusive
     * @param end end, exclusive
     */
    public TimeWindow(final long start, final long end) {
        this.start = start;
        this.end = end;
    }

    /** @return the first timestamp, inclusive */
    public long start() {
        return start;
    }

    /** @return the end, exclusive */
    public long end() {
        return end;
    }

    /** @return {@code end - 1} */
    @Override
    public long maxTimestamp() {
        return end - 1;
    }

    /**
     * Touching windows intersect too, so sessions separated by exactly the gap merge.
     *
     * @param other another window
     * @return true if the two overlap or touch
     */
    public boolean intersects(final TimeWindow other) {
        return start <= other.end && end >= other.start;
    }

    /**
     * @param other another window
     * @return the smallest window that covers both
     */
    public TimeWindow cover(final TimeWindow other) {
        return new TimeWindow(Math.min(start, other.start), Math.max(end, other.end));
    }

    /**
     * The start of the window a timestamp falls in (docs/semantics.md §4): aligned to the epoch
     * plus offset, with negative remainders corrected.
     *
     * @param timestamp a timestamp
     * @param offset the windows' offset
     * @param size the windows' size (the slide, for sliding windows)
     * @return the start of the window holding the timestamp
     */
    public static long windowStart(final long timestamp, final long offset, final long size) {
        final long remainder = (timestamp - offset) % size;
        return remainder < 0 ? timestamp - (remainder + size) : timestamp - remainder;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof TimeWindow && ((TimeWindow) other).start == start && ((TimeWindow) other).end == end;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(start * 31 + end);
    }

    @Override
    public String toString() {
        return "[" + start + "," + end + ")";
    }
}
