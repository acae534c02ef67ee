package dev.weir.window;

import dev.weir.time.Timestamps;

/**
 * The time interval {@code [start, end)} in milliseconds of event or processing time. Window
 * bounds saturate (docs/semantics.md §4): a window that would end past {@link Long#MAX_VALUE}
 * ends at it, one that would start before {@link Long#MIN_VALUE} starts at it, so no window
 * wraps around and fires early or never. Immutable.
 */
public final class TimeWindow extends Window {
    /**
     * The last timestamp a time window can hold: windows are half-open and no end lies past
     * {@code Long.MAX_VALUE}, so a record at {@code Long.MAX_VALUE} fits no time window.
     */
    public static final long LAST_TIMESTAMP = Long.MAX_VALUE - 1;

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
     * plus offset, with negative remainders corrected; {@code Long.MIN_VALUE} if the aligned
     * start lies before it.
     *
     * @param timestamp a timestamp
     * @param offset the windows' offset, {@code |offset| < size}
     * @param size the windows' size (the slide, for sliding windows), positive
     * @return the start of the window holding the timestamp
     */
    public static long windowStart(final long timestamp, final long offset, final long size) {
        return Timestamps.minus(timestamp, sinceStart(timestamp, offset, size));
    }

    /**
     * The end of the window of {@code size} that holds a timestamp, its start aligned as in
     * {@link #windowStart}; {@code Long.MAX_VALUE} if the end lies past it.
     *
     * @param timestamp a timestamp
     * @param offset the windows' offset, {@code |offset| < size}
     * @param size the windows' size, positive
     * @return the exclusive end of the window holding the timestamp
     */
    public static long windowEnd(final long timestamp, final long offset, final long size) {
        return Timestamps.plus(timestamp, size - sinceStart(timestamp, offset, size));
    }

    /**
     * {@code (timestamp - offset) mod size} in {@code [0, size)}, computed without forming
     * {@code timestamp - offset}, which overflows near the ends of the range.
     *
     * @param timestamp a timestamp
     * @param offset the windows' offset, {@code |offset| < size}
     * @param size the alignment period, positive
     * @return how far the timestamp lies after the start of its aligned period
     */
    static long sinceStart(final long timestamp, final long offset, final long size) {
        return Math.floorMod(Math.floorMod(timestamp, size) - Math.floorMod(offset, size), size);
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
