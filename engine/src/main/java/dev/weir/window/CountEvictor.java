package dev.weir.window;

import java.util.Iterator;
import java.util.List;

/**
 * Keeps at most {@code maxCount} elements, evicting the oldest arrivals.
 *
 * @param <W> the window type
 */
public final class CountEvictor<W extends Window> implements Evictor<Object, W> {
    private final long maxCount;
    private final boolean evictAfter;

    private CountEvictor(final long maxCount, final boolean evictAfter) {
        if (maxCount < 0) {
            throw new IllegalArgumentException("count evictor needs a count >= 0, got " + maxCount);
        }
        this.maxCount = maxCount;
        this.evictAfter = evictAfter;
    }

    /**
     * @param maxCount elements kept
     * @param <W> the window type
     * @return an evictor that runs before the window function
     */
    public static <W extends Window> CountEvictor<W> of(final long maxCount) {
        return new CountEvictor<>(maxCount, false);
    }

    /**
     * @param maxCount elements kept
     * @param evictAfter true to evict after the window function instead of before
     * @param <W> the window type
     * @return a count evictor
     */
    public static <W extends Window> CountEvictor<W> of(final long maxCount, final boolean evictAfter) {
        return new CountEvictor<>(maxCount, evictAfter);
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
        long excess = elements.size() - maxCount;
        for (final Iterator<TimestampedValue<Object>> it = elements.iterator(); excess > 0 && it.hasNext(); excess--) {
            it.next();
            it.remove();
        }
    }

    @Override
    public String toString() {
        return "CountEvictor(" + maxCount + ")";
    }

    /** @return how many of a window's most recent records are kept */
    public long maxCount() {
        return maxCount;
    }

    /** @return true when eviction runs after the window function, false before it */
    public boolean isEvictAfter() {
        return evictAfter;
    }
}
