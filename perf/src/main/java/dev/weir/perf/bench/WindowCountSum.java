package dev.weir.perf.bench;

import java.io.Serializable;

/**
 * One window result of the {@code sliding} and {@code session} pipelines: a key's count and sum of values over one
 * time window {@code [windowStart, windowEnd)}. Immutable and thread-safe; serializable, so an engine that copies
 * records between its operators can.
 */
public final class WindowCountSum implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int key;
    private final long windowStart;
    private final long windowEnd;
    private final long count;
    private final long sum;

    /**
     * @param key the key
     * @param windowStart the window's first millisecond of event time
     * @param windowEnd the window's end in milliseconds, exclusive
     * @param count events in the window
     * @param sum their values, summed
     */
    public WindowCountSum(final int key, final long windowStart, final long windowEnd, final long count, final long sum) {
        this.key = key;
        this.windowStart = windowStart;
        this.windowEnd = windowEnd;
        this.count = count;
        this.sum = sum;
    }

    /** @return the key */
    public int key() {
        return key;
    }

    /** @return the window's first millisecond */
    public long windowStart() {
        return windowStart;
    }

    /** @return the window's end in milliseconds, exclusive */
    public long windowEnd() {
        return windowEnd;
    }

    /** @return events in the window */
    public long count() {
        return count;
    }

    /** @return their values, summed */
    public long sum() {
        return sum;
    }

    @Override
    public boolean equals(final Object other) {
        if (!(other instanceof WindowCountSum)) {
            return false;
        }
        final WindowCountSum that = (WindowCountSum) other;
        return key == that.key && windowStart == that.windowStart && windowEnd == that.windowEnd && count == that.count && sum == that.sum;
    }

    @Override
    public int hashCode() {
        return (((Integer.hashCode(key) * 31 + Long.hashCode(windowStart)) * 31 + Long.hashCode(windowEnd)) * 31 + Long.hashCode(count)) * 31
                + Long.hashCode(sum);
    }

    @Override
    public String toString() {
        return "key " + key + " [" + windowStart + ", " + windowEnd + "): count " + count + ", sum " + sum;
    }
}
