package dev.weir.window;

import java.util.List;

/**
 * Overlapping event-time windows of a fixed size that start every slide; a record belongs
 * to {@code size / slide} windows, listed latest start first (docs/semantics.md §4).
 *
 * @param <T> the record type
 */
public final class SlidingEventTimeWindows<T> extends WindowAssigner<T, TimeWindow> {
    private final long size;
    private final long slide;
    private final long offset;

    private SlidingEventTimeWindows(final long size, final long slide, final long offset) {
        if (size <= 0 || slide <= 0 || offset <= -slide || offset >= slide) {
            throw new IllegalArgumentException("sliding windows need size > 0, slide > 0 and |offset| < slide, got size "
                    + size + ", slide " + slide + " and offset " + offset);
        }
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    /**
     * @param sizeMillis the window size
     * @param slideMillis how often a window starts
     * @param <T> the record type
     * @return sliding windows aligned to the epoch
     */
    public static <T> SlidingEventTimeWindows<T> of(final long sizeMillis, final long slideMillis) {
        return new SlidingEventTimeWindows<>(sizeMillis, slideMillis, 0);
    }

    /**
     * @param sizeMillis the window size
     * @param slideMillis how often a window starts
     * @param offsetMillis shifts the windows; {@code |offset| < slide}
     * @param <T> the record type
     * @return sliding windows aligned to the epoch plus the offset
     */
    public static <T> SlidingEventTimeWindows<T> of(final long sizeMillis, final long slideMillis, final long offsetMillis) {
        return new SlidingEventTimeWindows<>(sizeMillis, slideMillis, offsetMillis);
    }

    @Override
    public void assignWindows(final T element, final long timestamp, final WindowAssignerContext context, final List<TimeWindow> windows) {
        final long lastStart = TimeWindow.windowStart(TimeWindows.requireTimestamp(timestamp, "sliding event-time window"), offset, slide);
        for (long start = lastStart; start > timestamp - size; start -= slide) {
            windows.add(context.timeWindow(start, start + size));
        }
    }

    @Override
    public Trigger<T, TimeWindow> defaultTrigger() {
        return EventTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return true;
    }

    @Override
    public Class<TimeWindow> windowType() {
        return TimeWindow.class;
    }

    @Override
    public String toString() {
        return "SlidingEventTimeWindows(" + size + ", " + slide + ", " + offset + ")";
    }
}
