package dev.weir.window;

import java.util.function.LongSupplier;

/**
 * The assigner context of a window operator: the processing time from its timers, and every
 * window from a {@link TimeWindowCache}, so assigning a record to windows that exist already
 * allocates nothing. Not thread-safe: one per operator instance.
 */
final class CachingAssignerContext implements WindowAssignerContext {
    private final LongSupplier processingTime;
    private final TimeWindowCache cache = new TimeWindowCache();

    /** @param processingTime reads the processing time now */
    CachingAssignerContext(final LongSupplier processingTime) {
        this.processingTime = processingTime;
    }

    @Override
    public long currentProcessingTime() {
        return processingTime.getAsLong();
    }

    @Override
    public TimeWindow timeWindow(final long start, final long end) {
        return cache.window(start, end);
    }

    @Override
    public TimeWindow timeWindowContaining(final long timestamp, final long offset, final long size) {
        return cache.containing(timestamp, offset, size);
    }

    @Override
    public TimeWindow slidingTimeWindow(final long start, final long end, final long slide, final long windowsPerRecord) {
        return cache.sliding(start, end, slide, windowsPerRecord);
    }
}
