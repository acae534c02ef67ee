package dev.weir.perf.harness;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A log of the watermarks a source emitted, each with the intended send time of the event after which it was
 * emitted, so that a window result can be attributed to the event whose watermark fired it. One writer (the thread
 * running the source's watermark generator) and one reader (the sink's thread, or the sinks of several instances one
 * at a time); both allocation-free. Watermarks are logged in increasing order and results are looked up in the order
 * their windows fire, so the reader only moves forward, and only to a watermark it found. Holds the newest
 * {@code capacity} watermarks.
 */
final class WatermarkOrigins {
    /** What {@link #intendedNanosOfFiring} answers when the firing watermark is not in the log. */
    static final long UNKNOWN = Long.MIN_VALUE;

    private final long[] watermarks;
    private final long[] intendedNanos;
    private final int mask;
    private final AtomicLong written = new AtomicLong();
    private long readPosition;

    /** @param capacity entries held, a power of two */
    WatermarkOrigins(final int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.watermarks = new long[capacity];
        this.intendedNanos = new long[capacity];
        this.mask = capacity - 1;
    }

    /**
     * Logs a watermark; called by the writer before the watermark is forwarded, so the entry is visible before any
     * result it fires reaches the sink.
     *
     * @param watermark the emitted watermark, greater than every one logged before
     * @param eventIntendedNanos the intended send time of the event after which it was emitted
     */
    void log(final long watermark, final long eventIntendedNanos) {
        final long position = written.get();
        final int slot = (int) (position & mask);
        watermarks[slot] = watermark;
        intendedNanos[slot] = eventIntendedNanos;
        written.lazySet(position + 1);
    }

    /**
     * @param windowMaxTimestamp a fired window's last timestamp in milliseconds
     * @return the intended send time logged with the first watermark at or past it; {@link #UNKNOWN} if none was
     *     logged (e.g. the window was fired by the end of the input) or the log was overwritten past the reader
     */
    long intendedNanosOfFiring(final long windowMaxTimestamp) {
        final long end = written.get();
        if (end - readPosition > watermarks.length) {
            // the writer lapped the reader: the slots hold later watermarks, which would understate the latency
            readPosition = end - watermarks.length;
            return UNKNOWN;
        }
        for (long position = readPosition; position < end; position++) {
            final int slot = (int) (position & mask);
            if (watermarks[slot] >= windowMaxTimestamp) {
                readPosition = position;
                return intendedNanos[slot];
            }
        }
        // not fired by a logged watermark (e.g. by the end of the input): the reader stays, since a keyed stage of
        // several instances may still deliver results that logged watermarks fired
        return UNKNOWN;
    }
}
