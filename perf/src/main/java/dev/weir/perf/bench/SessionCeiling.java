package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.List;

/**
 * The ceiling of {@code session}: each key's open session (first and last event time, count, sum) in primitive arrays
 * indexed by key ({@link SessionEvents} keys are {@code 0 .. keys - 1}), on the sending thread, with the open sessions
 * in a list ordered by their last event. The input's event time never decreases, so:
 * <ul>
 *   <li>an event within the gap of its key's session ({@code time <= last + gap}, windows that touch merge, as
 *       Flink's do) extends it and moves it to the list's tail; one later than that finds the session closed, fires
 *       it and opens the next;</li>
 *   <li>after each event, sessions fire from the list's head while they end ({@code last + gap}) at or before the
 *       event's time, as a watermark of the event's time minus 1 would fire them, attributed to that event.</li>
 * </ul>
 * A session's window is {@code [first, last + gap)}. What is open at the end is fired by the end of input and counted
 * as unattributed, as on an engine. No threads, no rings, no timers, no allocation per event. Runs on the harness's
 * thread only.
 */
final class SessionCeiling implements BenchmarkedPipeline<BenchEvent> {
    private static final int NONE = -1;

    private final Arrivals arrivals;
    private final CountSumResults results;
    private final long[] firsts;
    private final long[] lasts;
    private final long[] counts;
    private final long[] sums;
    /** The open sessions, oldest last event first: neighbours by key, {@link #NONE} at the ends. */
    private final int[] previous;
    private final int[] following;
    private int head = NONE;
    private int tail = NONE;

    /**
     * @param arrivals where results are reported
     * @param keys keys in the input: they are {@code 0 .. keys - 1}
     * @param results also receives every result (the benchmark passes {@link CountSumResults#NONE})
     */
    SessionCeiling(final Arrivals arrivals, final int keys, final CountSumResults results) {
        this.arrivals = arrivals;
        this.results = results;
        this.firsts = new long[keys];
        this.lasts = new long[keys];
        this.counts = new long[keys];
        this.sums = new long[keys];
        this.previous = new int[keys];
        this.following = new int[keys];
    }

    @Override
    public void start() {
        // no threads to start
    }

    @Override
    public void send(final BenchEvent event) {
        final int key = event.key();
        final long timestamp = event.eventTimeMillis();
        if (counts[key] > 0 && timestamp > lasts[key] + SessionPipeline.GAP_MILLIS) {
            close(key);
            arrivals.record(event.intendedNanos());
        }
        if (counts[key] > 0) {
            unlink(key);
        } else {
            firsts[key] = timestamp;
        }
        lasts[key] = timestamp;
        counts[key]++;
        sums[key] += event.value();
        append(key);
        while (head != NONE && lasts[head] + SessionPipeline.GAP_MILLIS <= timestamp) {
            close(head);
            arrivals.record(event.intendedNanos());
        }
    }

    @Override
    public void finish() {
        while (head != NONE) {
            // nothing logged a watermark on this arrivals: the result counts as unattributed, as one fired by end of input
            final long end = lasts[head] + SessionPipeline.GAP_MILLIS;
            close(head);
            arrivals.recordWindowResult(end - 1);
        }
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }

    /** Emits a key's session and closes it; the caller reports its arrival. */
    private void close(final int key) {
        results.result(key, firsts[key], lasts[key] + SessionPipeline.GAP_MILLIS, counts[key], sums[key]);
        unlink(key);
        counts[key] = 0;
        sums[key] = 0;
    }

    private void append(final int key) {
        previous[key] = tail;
        following[key] = NONE;
        if (tail == NONE) {
            head = key;
        } else {
            following[tail] = key;
        }
        tail = key;
    }

    private void unlink(final int key) {
        if (previous[key] == NONE) {
            head = following[key];
        } else {
            following[previous[key]] = following[key];
        }
        if (following[key] == NONE) {
            tail = previous[key];
        } else {
            previous[following[key]] = previous[key];
        }
    }
}
