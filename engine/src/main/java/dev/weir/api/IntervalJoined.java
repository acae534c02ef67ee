package dev.weir.api;

import dev.weir.operator.IntervalJoinOperator;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OutputTag;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.plan.TwoInputFunction;
import java.util.Objects;

/**
 * An interval join with its bounds (docs/semantics.md §7), to configure and finish with
 * {@link #process}: it runs Weir's {@link IntervalJoinOperator} in a two-input stage whose inputs
 * are both partitioned by key. Each setting returns this join.
 *
 * @param <T> the left record type
 * @param <R> the right record type
 * @param <K> the key type
 */
public final class IntervalJoined<T, R, K> {
    private final KeyedStream<T, K> left;
    private final KeyedStream<R, K> right;
    private final long lower;
    private final long upper;
    private boolean lowerInclusive = true;
    private boolean upperInclusive = true;
    private OutputTag<T> leftLateTag;
    private OutputTag<R> rightLateTag;
    private int parallelism = 1;

    IntervalJoined(final KeyedStream<T, K> left, final KeyedStream<R, K> right, final long lower, final long upper) {
        this.left = left;
        this.right = right;
        this.lower = lower;
        this.upper = upper;
    }

    /** @return this join, leaving the lower bound itself out */
    public IntervalJoined<T, R, K> lowerBoundExclusive() {
        lowerInclusive = false;
        return this;
    }

    /** @return this join, leaving the upper bound itself out */
    public IntervalJoined<T, R, K> upperBoundExclusive() {
        upperInclusive = false;
        return this;
    }

    /**
     * @param tag where left records below the join's watermark go (instead of being dropped)
     * @return this join
     */
    public IntervalJoined<T, R, K> sideOutputLeftLateData(final OutputTag<T> tag) {
        leftLateTag = Objects.requireNonNull(tag, "tag");
        return this;
    }

    /**
     * @param tag where right records below the join's watermark go (instead of being dropped)
     * @return this join
     */
    public IntervalJoined<T, R, K> sideOutputRightLateData(final OutputTag<R> tag) {
        rightLateTag = Objects.requireNonNull(tag, "tag");
        return this;
    }

    /**
     * @param instances the join stage's instances (at most the max parallelism); 1 unless set
     * @return this join
     */
    public IntervalJoined<T, R, K> parallelism(final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + instances);
        }
        parallelism = instances;
        return this;
    }

    /**
     * @param function receives each joined pair, stamped {@code max(left.ts, right.ts)}
     * @param <OUT> the result type
     * @return the joined results
     */
    public <OUT> DataStream<OUT> process(final ProcessJoinFunction<T, R, OUT> function) {
        Objects.requireNonNull(function, "function");
        final KeySelector<? super T, K> leftKey = left.keySelector();
        final KeySelector<? super R, K> rightKey = right.keySelector();
        final long lowerBound = lower;
        final long upperBound = upper;
        final boolean lowerIn = lowerInclusive;
        final boolean upperIn = upperInclusive;
        final OutputTag<T> leftTag = leftLateTag;
        final OutputTag<R> rightTag = rightLateTag;
        final String description = "interval join " + (lowerIn ? "[" : "(") + lowerBound + ", " + upperBound + (upperIn ? "]" : ")");
        final TwoInputFunction join = TwoInputFunction.intervalJoin(leftKey, rightKey, lowerBound, upperBound, lowerIn, upperIn, leftTag,
                rightTag, function);
        return left.connect(right).parallelism(parallelism).transform("intervalJoin", join.<T, R, OUT>factory(), description);
    }
}
