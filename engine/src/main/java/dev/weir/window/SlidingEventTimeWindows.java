package dev.weir.window;

import dev.weir.time.Timestamps;
import java.util.List;

/**
 * Overlapping event-time windows of a fixed size that start every slide; a record belongs
 * to {@code size / slide} windows, listed latest start first (docs/semantics.md §4). At most
 * {@link #MAX_WINDOWS_PER_RECORD} windows per record: more would make one record do work
 * without bound.
 *
 * @param <T> the record type
 */
public final class SlidingEventTimeWindows<T> extends WindowAssigner<T, TimeWindow> {
    /** The most windows one record may belong to: {@code ceil(size / slide)} above it is refused. */
    public static final long MAX_WINDOWS_PER_RECORD = 100_000;

    private final long size;
    private final long slide;
    private final long offset;
    private final long windowsPerRecord;

    private SlidingEventTimeWindows(final long size, final long slide, final long offset) {
        if (size <= 0 || slide <= 0 || offset <= -slide || offset >= slide) {
            throw new IllegalArgumentException("sliding windows need size > 0, slide > 0 and |offset| < slide, got size "
                    + size + ", slide " + slide + " and offset " + offset);
        }
        if (windowsPerRecord(size, slide) > MAX_WINDOWS_PER_RECORD) {
            throw new IllegalArgumentException("sliding windows of size " + size + " and slide " + slide + " put each record in "
                    + windowsPerRecord(size, slide) + " windows; at most " + MAX_WINDOWS_PER_RECORD
                    + " are allowed (raise the slide to at least " + minimumSlide(size) + ")");
        }
        this.size = size;
        this.slide = slide;
        this.offset = offset;
        this.windowsPerRecord = windowsPerRecord(size, slide);
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

    /**
     * @param size the window size, positive
     * @param slide the slide, positive
     * @return {@code ceil(size / slide)}: how many windows each record belongs to (at most)
     */
    public static long windowsPerRecord(final long size, final long slide) {
        return size / slide + (size % slide == 0 ? 0 : 1);
    }

    /**
     * @param size the window size, positive
     * @return the smallest slide that keeps a record within {@link #MAX_WINDOWS_PER_RECORD} windows
     */
    public static long minimumSlide(final long size) {
        return size / MAX_WINDOWS_PER_RECORD + (size % MAX_WINDOWS_PER_RECORD == 0 ? 0 : 1);
    }

    @Override
    public void assignWindows(final T element, final long timestamp, final WindowAssignerContext context, final List<TimeWindow> windows) {
        TimeWindows.requireTimestamp(timestamp, "sliding event-time window");
        // Each window is [timestamp - back, timestamp - back + size) for back = how far its start
        // lies before the timestamp; walking back, not start, keeps every step inside the range
        // of long, and the bounds saturate at the ends of time.
        long back = TimeWindow.sinceStart(timestamp, offset, slide);
        while (back < size) {
            windows.add(context.slidingTimeWindow(Timestamps.minus(timestamp, back), Timestamps.plus(timestamp, size - back), slide,
                    windowsPerRecord));
            if (slide >= size - back) {
                break;
            }
            back += slide;
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

    /** @return the window size in milliseconds */
    public long sizeMillis() {
        return size;
    }

    /** @return the distance between window starts in milliseconds */
    public long slideMillis() {
        return slide;
    }

    /** @return the offset of window starts from the epoch in milliseconds, in {@code (-slide, slide)} */
    public long offsetMillis() {
        return offset;
    }
}
