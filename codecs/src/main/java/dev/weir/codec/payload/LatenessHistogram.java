package dev.weir.codec.payload;

import java.util.Arrays;

/**
 * How far each event lags behind the greatest event time seen before it, kept exactly in whole milliseconds so
 * that percentiles are exact (nearest rank). Events not behind are only counted. The lateness of events that are
 * behind first goes into a buffer of at most {@value #BUFFER_LIMIT} values; a full buffer is sorted and merged into
 * a histogram with one bucket per distinct millisecond value, so memory grows with the number of distinct
 * lateness values (at most the largest lateness in ms, and in practice a few thousand), not with the number of
 * events. Recording allocates nothing except when the buffer grows or is merged. Not thread-safe.
 */
public final class LatenessHistogram {
    /** Late values held before they are merged into the histogram: 8 MiB of longs. */
    public static final int BUFFER_LIMIT = 1 << 20;

    private long[] buffer = new long[1024];
    private int buffered;
    private long[] values = new long[0];
    private long[] counts = new long[0];
    private long onTime;
    private long behind;
    private long maxEventTime = Long.MIN_VALUE;
    private long maxLateness;

    /**
     * Takes the next event in arrival order.
     *
     * @param eventTimeMillis the event's time in milliseconds
     */
    public void event(final long eventTimeMillis) {
        if (eventTimeMillis >= maxEventTime) {
            maxEventTime = eventTimeMillis;
            onTime++;
            return;
        }
        final long lateness = maxEventTime - eventTimeMillis;
        behind++;
        maxLateness = Math.max(maxLateness, lateness);
        if (buffered == buffer.length) {
            if (buffered == BUFFER_LIMIT) {
                merge();
            } else {
                buffer = Arrays.copyOf(buffer, buffered * 2);
            }
        }
        buffer[buffered++] = lateness;
    }

    /** Sorts the buffer and merges it into the histogram's distinct values, leaving the buffer empty. */
    private void merge() {
        if (buffered == 0) {
            return;
        }
        Arrays.sort(buffer, 0, buffered);
        // sized by the distinct values, not by the buffer: merging takes little memory beside the buffer
        int distinct = 1;
        for (int i = 1; i < buffered; i++) {
            if (buffer[i] != buffer[i - 1]) {
                distinct++;
            }
        }
        final long[] mergedValues = new long[values.length + distinct];
        final long[] mergedCounts = new long[values.length + distinct];
        int merged = 0;
        int old = 0;
        int fresh = 0;
        while (old < values.length || fresh < buffered) {
            final long value = fresh == buffered || old < values.length && values[old] <= buffer[fresh] ? values[old] : buffer[fresh];
            long count = 0;
            while (old < values.length && values[old] == value) {
                count += counts[old++];
            }
            while (fresh < buffered && buffer[fresh] == value) {
                count++;
                fresh++;
            }
            mergedValues[merged] = value;
            mergedCounts[merged++] = count;
        }
        values = Arrays.copyOf(mergedValues, merged);
        counts = Arrays.copyOf(mergedCounts, merged);
        buffered = 0;
    }

    /** @return how many distinct lateness values the histogram holds once merged (for tests of the memory bound) */
    public int distinctValues() {
        merge();
        return values.length;
    }

    /**
     * The lateness at a percentile, nearest rank over every event (those not behind count as 0).
     *
     * @param perMillion the percentile in millionths: 500_000 is p50, 999_000 is p99.9
     * @return the smallest lateness at or above which lie the given share of events, 0 when there are none
     */
    public long percentile(final long perMillion) {
        final long events = onTime + behind;
        if (events == 0) {
            return 0;
        }
        // rank = ceil(events * p), in integers so that no rounding error moves it
        final long rank = Math.max(1, Math.floorDiv(Math.multiplyExact(events, perMillion) + 999_999, 1_000_000));
        if (rank <= onTime) {
            return 0;
        }
        merge();
        long seen = onTime;
        for (int i = 0; i < values.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return values[i];
            }
        }
        return maxLateness;
    }

    /**
     * @param bound a lateness in milliseconds
     * @return how many events lag behind by more than {@code bound}
     */
    public long laterThan(final long bound) {
        merge();
        long later = 0;
        for (int i = values.length - 1; i >= 0 && values[i] > bound; i--) {
            later += counts[i];
        }
        return later;
    }

    /** @return every event taken */
    public long events() {
        return onTime + behind;
    }

    /** @return the events that lagged behind the greatest earlier event time */
    public long behind() {
        return behind;
    }

    /** @return the greatest lateness, 0 if no event was behind */
    public long maxLateness() {
        return maxLateness;
    }
}
