package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.Arrays;
import java.util.List;

/**
 * The ceiling of {@code interval-join}: one loop over the interleaved orders and executions, on the sending thread,
 * with the semantics of the engines' interval join between 0 and 100 ms (both inclusive). Each input's watermark is
 * its newest event time minus the bound minus 1 (after every event), the join's is the lower of the two; an event
 * below the join's watermark is late and dropped. Every other event is joined with the other side's buffered events
 * of its id within the bounds, then buffered: per side, an array indexed by id (the ids are dense) of sorted arrays
 * of event times. An order leaves its buffer once the join's watermark reaches its time plus 100 ms, an execution
 * once it reaches its time, as the engines' cleanup timers remove them; here a buffer is cleaned when its id is next
 * touched, which removes exactly what the timers would have by then. Each pair is reported with the intended send
 * time of the event that made it. No threads, no rings, no timers; a buffer grows a few times to its working size,
 * then nothing is allocated per event. Runs on the harness's thread only.
 */
final class IntervalJoinCeiling implements BenchmarkedPipeline<BenchEvent> {
    private static final long UPPER = IntervalJoinPipeline.UPPER_BOUND_MILLIS;

    private final Arrivals arrivals;
    private final JoinPairs pairs;
    private final long bound;
    private final EventTimes[] orders;
    private final EventTimes[] executions;
    private long newestOrder = Long.MIN_VALUE;
    private long newestExecution = Long.MIN_VALUE;
    private long watermark = Long.MIN_VALUE;
    private long lateDropped;
    private long checksum;

    /**
     * @param arrivals where pairs are reported
     * @param settings keys (the order ids: the input uses twice as many) and out-of-orderness
     * @param pairs receives every pair (a test's collector, or {@link JoinPairs#NONE})
     */
    IntervalJoinCeiling(final Arrivals arrivals, final BenchSettings settings, final JoinPairs pairs) {
        this.arrivals = arrivals;
        this.pairs = pairs;
        this.bound = settings.outOfOrdernessMillis();
        this.orders = new EventTimes[2 * settings.keys()];
        this.executions = new EventTimes[2 * settings.keys()];
    }

    @Override
    public void start() {
        // no threads to start
    }

    @Override
    public void send(final BenchEvent event) {
        final long timestamp = event.eventTimeMillis();
        final int id = event.key();
        final boolean order = (event.value() & 1) == 0;
        if (timestamp < watermark) {
            lateDropped++;
        } else if (order) {
            final EventTimes others = buffer(executions, id);
            // an execution's cleanup time is its own time (lower bound 0)
            others.dropUpTo(watermark);
            for (int i = others.from(timestamp); i < others.end() && others.at(i) <= timestamp + UPPER; i++) {
                emit(id, others.at(i) - timestamp, event.intendedNanos());
            }
            final EventTimes own = buffer(orders, id);
            own.dropUpTo(watermark == Long.MIN_VALUE ? Long.MIN_VALUE : watermark - UPPER);
            own.insert(timestamp);
        } else {
            final EventTimes others = buffer(orders, id);
            // an order's cleanup time is its time plus the upper bound
            others.dropUpTo(watermark == Long.MIN_VALUE ? Long.MIN_VALUE : watermark - UPPER);
            for (int i = others.from(timestamp - UPPER); i < others.end() && others.at(i) <= timestamp; i++) {
                emit(id, timestamp - others.at(i), event.intendedNanos());
            }
            final EventTimes own = buffer(executions, id);
            own.dropUpTo(watermark);
            own.insert(timestamp);
        }
        if (order) {
            newestOrder = Math.max(newestOrder, timestamp);
        } else {
            newestExecution = Math.max(newestExecution, timestamp);
        }
        if (newestOrder != Long.MIN_VALUE && newestExecution != Long.MIN_VALUE) {
            watermark = Math.max(watermark, Math.min(newestOrder, newestExecution) - bound - 1);
        }
    }

    @Override
    public void finish() {
        // the end of input moves the watermark to the end of time: the buffers empty, nothing more joins
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }

    /** @return events dropped as late: none on the generated input, which stays within the bound */
    long lateDropped() {
        return lateDropped;
    }

    /** @return a digest of every pair so far, so the work is not skipped */
    long checksum() {
        return checksum;
    }

    private void emit(final int id, final long latencyMillis, final long intendedNanos) {
        checksum = checksum * 31 + id * 1_000_003L + latencyMillis;
        pairs.pair(id, latencyMillis);
        arrivals.record(intendedNanos);
    }

    private static EventTimes buffer(final EventTimes[] side, final int id) {
        EventTimes times = side[id];
        if (times == null) {
            times = new EventTimes();
            side[id] = times;
        }
        return times;
    }

    /** The buffered event times of one id on one side, ascending, in {@code [start, end)} of a growing array. */
    private static final class EventTimes {
        private long[] times = new long[4];
        private int start;
        private int end;

        int end() {
            return end;
        }

        long at(final int index) {
            return times[index];
        }

        /** @return the index of the first time at or after {@code from} */
        int from(final long from) {
            int i = start;
            while (i < end && times[i] < from) {
                i++;
            }
            return i;
        }

        /** Removes the times at or before {@code limit}. */
        void dropUpTo(final long limit) {
            while (start < end && times[start] <= limit) {
                start++;
            }
        }

        void insert(final long time) {
            if (end == times.length) {
                if (start > 0) {
                    System.arraycopy(times, start, times, 0, end - start);
                    end -= start;
                    start = 0;
                } else {
                    times = Arrays.copyOf(times, times.length * 2);
                }
            }
            int i = end++;
            // nearly in order: the new time goes in from the end
            while (i > start && times[i - 1] > time) {
                times[i] = times[i - 1];
                i--;
            }
            times[i] = time;
        }
    }
}
