package dev.weir.jobs.inspect;

import java.util.Arrays;
import java.util.List;

/** Test oracle: every event's lateness behind the running maximum by a plain loop, sorted, and nearest-rank percentiles. */
final class PlainLateness {
    private final long[] sorted;

    PlainLateness(final long[] times) {
        sorted = new long[times.length];
        long max = Long.MIN_VALUE;
        for (int i = 0; i < times.length; i++) {
            max = Math.max(max, times[i]);
            sorted[i] = max - times[i];
        }
        Arrays.sort(sorted);
    }

    PlainLateness(final List<Long> times) {
        this(times.stream().mapToLong(Long::longValue).toArray());
    }

    /** The smallest value with at least p of the values at or below it, p = perMillion / 10^6. */
    long percentile(final long perMillion) {
        final long rank = (long) Math.ceil(sorted.length * (perMillion / 1e6) - 1e-9);
        return sorted[(int) Math.max(1, rank) - 1];
    }

    long max() {
        return sorted[sorted.length - 1];
    }

    long behind() {
        return Arrays.stream(sorted).filter(lateness -> lateness > 0).count();
    }

    long laterThan(final long bound) {
        return Arrays.stream(sorted).filter(lateness -> lateness > bound).count();
    }

    long[] sorted() {
        return sorted;
    }
}
