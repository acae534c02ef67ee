package dev.weir.window;

import java.util.List;

/**
 * Fixed-size, non-overlapping event-time windows aligned to the epoch plus an offset
 * (docs/semantics.md §4). A 1-day window for UTC+8 days needs offset -8h.
 *
 * @param <T> the record type
 */
public final class TumblingEventTimeWindows<T> extends WindowAssigner<T, TimeWindow> {
    private final long size;
    private final long offset;

    private TumblingEventTimeWindows(final long size, final long offset) {
        if (size <= 0 || offset <= -size || offset >= size) {
            throw new IllegalArgumentException("tumbling windows need size > 0 and |offset| < size, got size "
                    + size + " and offset " + offset);
        }
        this.size = size;
        this.offset = offset;
    }

    /**
     * @param sizeMillis the window size
     * @param <T> the record type
     * @return tumbling windows aligned to the epoch
     */
    public static <T> TumblingEventTimeWindows<T> of(final long sizeMillis) {
        return new TumblingEventTimeWindows<>(sizeMillis, 0);
    }

    /**
     * @param sizeMillis the window size
     * @param offsetMillis shifts the windows; {@code |offset| < size}
     * @param <T> the record type
     * @return tumbling windows aligned to the epoch plus the offset
     */
    public static <T> TumblingEventTimeWindows<T> of(final long sizeMillis, final long offsetMillis) {
        return new TumblingEventTimeWindows<>(sizeMillis, offsetMillis);
    }

    @Override
    public void assignWindows(final T element, final long timestamp, final WindowAssignerContext context, final List<TimeWindow> windows) {
        windows.add(assignWindow(element, timestamp, context));
    }

    @Override
    public boolean assignsOneWindow() {
        return true;
    }

    @Override
    public TimeWindow assignWindow(final T element, final long timestamp, final WindowAssignerContext context) {
        return context.timeWindowContaining(TimeWindows.requireTimestamp(timestamp, "tumbling event-time window"), offset, size);
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
        return "TumblingEventTimeWindows(" + size + ", " + offset + ")";
    }

    /** @return the window size in milliseconds */
    public long sizeMillis() {
        return size;
    }

    /** @return the offset of window starts from the epoch in milliseconds, in {@code (-size, size)} */
    public long offsetMillis() {
        return offset;
    }
}
