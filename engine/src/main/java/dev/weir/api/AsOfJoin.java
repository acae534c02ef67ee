package dev.weir.api;

import dev.weir.operator.AsOfJoinFunction;
import dev.weir.operator.AsOfJoinOperator;
import dev.weir.operator.KeySelector;
import dev.weir.plan.TwoInputFunction;
import java.util.Objects;

/**
 * {@code left.asOfJoin(right)}: Weir's as-of join of two keyed streams of one key type
 * (docs/joins.md, "As-of join"), to configure and finish with {@link #process}. Each left record
 * is emitted once the combined watermark of both inputs reaches its timestamp, with the right
 * record of its key that was current then (the greatest right timestamp at or below it; of equal
 * timestamps, the last to arrive), or with null when there is none. It runs
 * {@link AsOfJoinOperator} ({@code asOfJoin}) in a two-input stage whose inputs are both
 * partitioned by key. Each setting returns this join.
 *
 * @param <L> the left record type
 * @param <R> the right record type
 * @param <K> the key type
 */
public final class AsOfJoin<L, R, K> {
    private final KeyedStream<L, K> left;
    private final KeyedStream<R, K> right;
    private int parallelism = 1;

    AsOfJoin(final KeyedStream<L, K> left, final KeyedStream<R, K> right) {
        this.left = left;
        this.right = right;
    }

    /**
     * @param instances the join stage's instances (at most the max parallelism); 1 unless set
     * @return this join
     */
    public AsOfJoin<L, R, K> parallelism(final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + instances);
        }
        parallelism = instances;
        return this;
    }

    /**
     * @param function receives each left record with its right version, or null for none
     * @param <OUT> the result type
     * @return the joined results, each stamped with its left record's timestamp
     */
    public <OUT> DataStream<OUT> process(final AsOfJoinFunction<L, R, OUT> function) {
        Objects.requireNonNull(function, "function");
        final KeySelector<? super L, K> leftKey = left.keySelector();
        final KeySelector<? super R, K> rightKey = right.keySelector();
        return left.connect(right).parallelism(parallelism).transform("asOfJoin",
                TwoInputFunction.asOfJoin(leftKey, rightKey, function).<L, R, OUT>factory());
    }
}
