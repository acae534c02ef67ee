package dev.weir.window;

import java.util.function.LongSupplier;

/**
 * What an assigner may use while it assigns a record: the processing time, and the window
 * operator's cache of time windows, so that assigning a record to a window that already
 * exists allocates nothing.
 */
public interface WindowAssignerContext {
    /** @return the processing time now */
    long currentProcessingTime();

    /**
     * @param start the window's start, inclusive
     * @param end the window's end, exclusive
     * @return a window equal to {@code [start, end)}, possibly one handed out before
     */
    TimeWindow timeWindow(long start, long end);

    /**
     * The tumbling window of {@code size} aligned to {@code offset} that holds {@code timestamp}:
     * {@code [TimeWindow.windowStart(timestamp, offset, size), TimeWindow.windowEnd(timestamp, offset, size))}.
     * By default made through {@link #timeWindow}; an operator's context may answer from the
     * window it handed out last, without dividing.
     *
     * @param timestamp a time in the window
     * @param offset the windows' offset from the epoch, {@code |offset| < size}
     * @param size the window size, positive
     * @return a window equal to it, possibly one handed out before
     */
    default TimeWindow timeWindowContaining(final long timestamp, final long offset, final long size) {
        return timeWindow(TimeWindow.windowStart(timestamp, offset, size), TimeWindow.windowEnd(timestamp, offset, size));
    }

    /**
     * A window of a sliding assigner: {@code [start, end)}, one of the windows that start every
     * {@code slide} milliseconds. By default made through {@link #timeWindow}; an operator's
     * context keeps the windows of the latest records, as many as one record has, so a record
     * assigned to windows that already exist allocates nothing.
     *
     * @param start the window's start, inclusive
     * @param end the window's end, exclusive
     * @param slide the distance between window starts, positive
     * @param windowsPerRecord how many windows one record belongs to, at most
     * @return a window equal to {@code [start, end)}, possibly one handed out before
     */
    default TimeWindow slidingTimeWindow(final long start, final long end, final long slide, final long windowsPerRecord) {
        return timeWindow(start, end);
    }

    /**
     * @param processingTime reads the processing time now, on the assigning thread
     * @return a context that hands out equal windows from a cache of its own, as a window operator's
     *     does; not thread-safe
     */
    static WindowAssignerContext cached(final LongSupplier processingTime) {
        return new CachingAssignerContext(processingTime);
    }

    /**
     * @param processingTime the processing time to report
     * @return a context without a cache: every call makes a new window
     */
    static WindowAssignerContext of(final long processingTime) {
        return new WindowAssignerContext() {
            @Override
            public long currentProcessingTime() {
                return processingTime;
            }

            @Override
            public TimeWindow timeWindow(final long start, final long end) {
                return new TimeWindow(start, end);
            }
        };
    }
}
