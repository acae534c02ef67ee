package dev.weir.window;

import dev.weir.time.Timestamps;
import java.util.Iterator;
import java.util.List;

/**
 * Keeps the elements within {@code windowSize} of the newest element's timestamp: evicts
 * every element with {@code timestamp <= max - windowSize}.
 *
 * @param <W> the window type
 */
public final class TimeEvictor<W extends Window> implements Evictor<Object, W> {
    private final long windowSizeMillis;
    private final boolean evictAfter;

    private TimeEvictor(final long windowSizeMillis, final boolean evictAfter) {
        this.windowSizeMillis = windowSizeMillis;
        this.evictAfter = evictAfter;
    }

    /**
     * @param windowSizeMillis how much event time before the newest element is kept
     * @param <W> the window type
     * @return an evictor that runs before the window function
     */
    public static <W extends Window> TimeEvictor<W> of(final long windowSizeMillis) {
        return new TimeEvictor<>(windowSizeMillis, false);
    }

    /**
     * @param windowSizeMillis how much event time before the newest element is kept
     * @param evictAfter true to evict after the window function instead of before
     * @param <W> the window type
     * @return a time evictor
     */
    public static <W extends Window> TimeEvictor<W> of(final long windowSizeMillis, final boolean evictAfter) {
        return new TimeEvictor<>(windowSizeMillis, evictAfter);
    }

    @Override
    public void evictBefore(final List<TimestampedValue<Object>> elements, final W window, final long currentWatermark) {
        if (!evictAfter) {
            evict(elements);
        }
    }

    @Override
    public void evictAfter(final List<TimestampedValue<Object>> elements, final W window, final long currentWatermark) {
        if (evictAfter) {
            evict(elements);
        }
    }

    private void evict(final List<TimestampedValue<Object>> elements) {
        if (elements.isEmpty() || !elements.get(0).hasTimestamp()) {
            return;
        }
        long max = Long.MIN_VALUE;
        for (final TimestampedValue<Object> element : elements) {
            max = Math.max(max, element.timestamp());
        }
        // saturating: near Long.MIN_VALUE a wrapped cutoff would lie in the far future and evict everything
        final long cutoff = Timestamps.minus(max, windowSizeMillis);
        for (final Iterator<TimestampedValue<Object>> it = elements.iterator(); it.hasNext();) {
            if (it.next().timestamp() <= cutoff) {
                it.remove();
            }
        }
    }

    @Override
    public String toString() {
        return "TimeEvictor(" + windowSizeMillis + ")";
    }

    /** @return how far back from the window's latest record elements are kept, in milliseconds */
    public long windowSizeMillis() {
        return windowSizeMillis;
    }

    /** @return true when eviction runs after the window function, false before it */
    public boolean isEvictAfter() {
        return evictAfter;
    }
}
