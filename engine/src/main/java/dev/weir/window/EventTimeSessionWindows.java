package dev.weir.window;

import dev.weir.time.Timestamps;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Event-time sessions (docs/semantics.md §4): each record opens {@code [t, t + gap)} (its end
 * saturating at {@code Long.MAX_VALUE}), and
 * windows that overlap or touch merge into their cover. The gap is fixed or comes from each
 * record (dynamic sessions).
 *
 * @param <T> the record type
 */
public final class EventTimeSessionWindows<T> extends MergingWindowAssigner<T, TimeWindow> {
    /** Marks a dynamic gap in {@link #gapMillis}: no fixed gap. */
    private static final long DYNAMIC = 0;

    private final SessionGapExtractor<? super T> gaps;
    private final long gapMillis;
    private final String description;

    private EventTimeSessionWindows(final SessionGapExtractor<? super T> gaps, final long gapMillis, final String description) {
        this.gaps = gaps;
        this.gapMillis = gapMillis;
        this.description = description;
    }

    /**
     * @param gapMillis the inactivity gap that ends a session, positive
     * @param <T> the record type
     * @return session windows with a fixed gap
     */
    public static <T> EventTimeSessionWindows<T> withGap(final long gapMillis) {
        if (gapMillis <= 0) {
            throw new IllegalArgumentException("session windows need gap > 0, got " + gapMillis);
        }
        return new EventTimeSessionWindows<>(element -> gapMillis, gapMillis, "EventTimeSessionWindows(" + gapMillis + ")");
    }

    /**
     * @param gaps chooses each record's gap
     * @param <T> the record type
     * @return session windows with a gap per record
     */
    public static <T> EventTimeSessionWindows<T> withDynamicGap(final SessionGapExtractor<? super T> gaps) {
        return new EventTimeSessionWindows<>(Objects.requireNonNull(gaps, "gaps"), DYNAMIC, "DynamicEventTimeSessionWindows");
    }

    @Override
    public void assignWindows(final T element, final long timestamp, final WindowAssignerContext context, final List<TimeWindow> windows) {
        windows.add(context.timeWindow(timestamp, windowEnd(element, timestamp)));
    }

    /**
     * The end of the window a record opens, {@code [timestamp, end)}, checked as {@link #assignWindows} checks it;
     * the window operator reads it to see whether the record lands in an open session without making its window.
     *
     * @param element the record
     * @param timestamp its timestamp
     * @return {@code timestamp + gap}, saturated
     */
    long windowEnd(final T element, final long timestamp) {
        TimeWindows.requireTimestamp(timestamp, "event-time session window");
        final long gap = gaps.gapOf(element);
        if (gap <= 0) {
            throw new IllegalArgumentException("session gap must be positive, got " + gap + " for " + element);
        }
        return Timestamps.plus(timestamp, gap);
    }

    @Override
    public void mergeWindows(final Collection<TimeWindow> windows, final MergeCallback<TimeWindow> callback) {
        TimeWindows.mergeWindows(windows, callback);
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
        return description;
    }

    /** @return true when each record chooses its gap ({@link #withDynamicGap}), false for a fixed gap */
    public boolean hasDynamicGap() {
        return gapMillis == DYNAMIC;
    }

    /**
     * @return the fixed gap in milliseconds
     * @throws IllegalStateException for a dynamic gap ({@link #hasDynamicGap()})
     */
    public long gapMillis() {
        if (hasDynamicGap()) {
            throw new IllegalStateException("dynamic session windows have no fixed gap: see gapExtractor()");
        }
        return gapMillis;
    }

    /** @return the gap of each record: the user's extractor for a dynamic gap, a constant one for a fixed gap */
    public SessionGapExtractor<? super T> gapExtractor() {
        return gaps;
    }
}
