package dev.weir.time;

/**
 * Saturating arithmetic on millisecond timestamps and durations (docs/semantics.md §4): a sum
 * past {@link Long#MAX_VALUE} is {@code Long.MAX_VALUE} ("never", the end of time) and a
 * difference below {@link Long#MIN_VALUE} is {@code Long.MIN_VALUE}, as Flink's window cleanup
 * time saturates. Wrapping would turn a far future into a distant past, so a window would end
 * before it starts and fire early or never. Stateless, thread-safe.
 */
public final class Timestamps {
    private Timestamps() {
    }

    /**
     * @param time a timestamp
     * @param duration a non-negative duration
     * @return {@code time + duration}, or {@code Long.MAX_VALUE} if that does not fit
     */
    public static long plus(final long time, final long duration) {
        final long sum = time + duration;
        return sum < time ? Long.MAX_VALUE : sum;
    }

    /**
     * @param time a timestamp
     * @param duration a non-negative duration
     * @return {@code time - duration}, or {@code Long.MIN_VALUE} if that does not fit
     */
    public static long minus(final long time, final long duration) {
        final long difference = time - duration;
        return difference > time ? Long.MIN_VALUE : difference;
    }
}
