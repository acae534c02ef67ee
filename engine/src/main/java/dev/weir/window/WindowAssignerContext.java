package dev.weir.window;

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
