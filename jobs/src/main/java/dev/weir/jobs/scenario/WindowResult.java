package dev.weir.jobs.scenario;

import dev.weir.event.Watermarks;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.window.TimeWindow;
import dev.weir.window.Window;
import java.math.BigInteger;

/**
 * One firing of a job's window: the key, the window, the count and the exact sum of the values (beyond 64 bits
 * if need be, never wrapped), the watermark that fired it and, when asked for, the element timestamps in state
 * order. Made once per firing, not per record. Immutable.
 */
public final class WindowResult {
    private final String key;
    private final Window window;
    private final long count;
    private final long sum;
    private final BigInteger wideSum;
    private final String timestamps;
    private final long watermark;

    private WindowResult(final String key, final Window window, final long count, final long sum, final BigInteger wideSum,
            final String timestamps, final long watermark) {
        this.key = key;
        this.window = window;
        this.count = count;
        this.sum = sum;
        this.wideSum = wideSum;
        this.timestamps = timestamps;
        this.watermark = watermark;
    }

    /**
     * @param key the key
     * @param window the window that fired
     * @param elements its contents
     * @param watermark the watermark at firing
     * @param withTimestamps whether to keep the element timestamps (for {@link #fireLine()})
     * @return the result
     */
    public static WindowResult of(final String key, final Window window, final Iterable<ScenarioRecord> elements, final long watermark,
            final boolean withTimestamps) {
        long count = 0;
        long sum = 0;
        // takes over once the sum leaves the range of long, so the sum stays exact, never wraps
        BigInteger wideSum = null;
        final StringBuilder timestamps = withTimestamps ? new StringBuilder() : null;
        for (final ScenarioRecord element : elements) {
            if (timestamps != null) {
                if (count > 0) {
                    timestamps.append(',');
                }
                timestamps.append(element.timestamp());
            }
            count++;
            if (wideSum != null) {
                wideSum = wideSum.add(BigInteger.valueOf(element.value()));
            } else {
                final long next = sum + element.value();
                // overflow iff both operands have the sign the result lacks
                if (((sum ^ next) & (element.value() ^ next)) < 0) {
                    wideSum = BigInteger.valueOf(sum).add(BigInteger.valueOf(element.value()));
                } else {
                    sum = next;
                }
            }
        }
        return new WindowResult(key, window, count, sum, wideSum, timestamps == null ? null : timestamps.toString(), watermark);
    }

    /**
     * A result known only by what the compact formats print, as read back from another engine's {@code FIRE} line.
     *
     * @param key the key
     * @param window the window
     * @param count the number of elements
     * @param sum their sum
     * @return the result, without element timestamps, and with the watermark {@code Long.MIN_VALUE} (unknown)
     */
    public static WindowResult of(final String key, final Window window, final long count, final BigInteger sum) {
        final boolean fits = sum.bitLength() < Long.SIZE;
        return new WindowResult(key, window, count, fits ? sum.longValue() : 0, fits ? null : sum, null, Long.MIN_VALUE);
    }

    /** @return the key */
    public String key() {
        return key;
    }

    /** @return the window: {@code [start,end)} or {@code global} */
    public Window window() {
        return window;
    }

    /** @return the window's start, or {@code Long.MIN_VALUE} for the global window, which has none */
    public long windowStart() {
        return window instanceof TimeWindow ? ((TimeWindow) window).start() : Long.MIN_VALUE;
    }

    /** @return the window's end (exclusive), or {@code Long.MAX_VALUE} for the global window */
    public long windowEnd() {
        return window instanceof TimeWindow ? ((TimeWindow) window).end() : Long.MAX_VALUE;
    }

    /** @return the number of elements */
    public long count() {
        return count;
    }

    /** @return true if the sum fits 64 bits ({@link #sum()}); otherwise only {@link #sumText()} holds it */
    public boolean sumFitsLong() {
        return wideSum == null;
    }

    /** @return the sum, when it fits 64 bits */
    public long sum() {
        return sum;
    }

    /** @return the sum in decimal digits, whatever its size */
    public String sumText() {
        return wideSum != null ? wideSum.toString() : Long.toString(sum);
    }

    /** @return the watermark that fired the window */
    public long watermark() {
        return watermark;
    }

    /**
     * @return the canonical line, {@code FIRE key=K window=[s,e) count=N sum=S elements=[t1,t2] wm=W}
     * @throws IllegalStateException if the result was made without the element timestamps
     */
    public String fireLine() {
        if (timestamps == null) {
            throw new IllegalStateException("made without the element timestamps");
        }
        return "FIRE key=" + key + " window=" + window + " count=" + count + " sum=" + sumText() + " elements=[" + timestamps
                + "] wm=" + Watermarks.format(watermark);
    }
}
