package dev.weir.api;

import java.time.Duration;
import java.util.Objects;

/**
 * {@code KeyedStream.intervalJoin(other)}: two keyed streams of one key type, to be joined on
 * their key and an interval of event time, given by {@link #between}.
 *
 * @param <T> the left (first) stream's record type
 * @param <R> the right (second) stream's record type
 * @param <K> the key type
 */
public final class IntervalJoin<T, R, K> {
    private final KeyedStream<T, K> left;
    private final KeyedStream<R, K> right;

    IntervalJoin(final KeyedStream<T, K> left, final KeyedStream<R, K> right) {
        this.left = left;
        this.right = right;
    }

    /**
     * A left record at {@code t} joins the right records of its key at {@code t + lower} to
     * {@code t + upper}, both inclusive unless made exclusive.
     *
     * @param lower the lowest {@code right.ts - left.ts} that joins (may be negative)
     * @param upper the highest {@code right.ts - left.ts} that joins, not below {@code lower}
     * @return the join, to configure and finish with {@code process}
     * @throws IllegalArgumentException if {@code lower > upper}
     */
    public IntervalJoined<T, R, K> between(final Duration lower, final Duration upper) {
        Objects.requireNonNull(lower, "lower");
        Objects.requireNonNull(upper, "upper");
        if (lower.compareTo(upper) > 0) {
            throw new IllegalArgumentException("intervalJoin.between: lower bound " + lower.toMillis() + " ms is above upper bound "
                    + upper.toMillis() + " ms");
        }
        return new IntervalJoined<>(left, right, lower.toMillis(), upper.toMillis());
    }
}
