package dev.weir.window;

import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.KeySelector;
import java.util.Objects;

/**
 * Keys a {@link TaggedUnion} by the key selector of its input, as Flink's
 * {@code CoGroupedStreams.UnionKeySelector}: the key of a window join's or coGroup's union.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 * @param <K> the key type both selectors give
 */
public final class UnionKeySelector<T1, T2, K> implements KeySelector<TaggedUnion<T1, T2>, K>, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final KeySelector<? super T1, K> first;
    private final KeySelector<? super T2, K> second;

    /**
     * @param first the key of a first input's element
     * @param second the key of a second input's element, of the same type and meaning
     */
    public UnionKeySelector(final KeySelector<? super T1, K> first, final KeySelector<? super T2, K> second) {
        this.first = Objects.requireNonNull(first, "first");
        this.second = Objects.requireNonNull(second, "second");
    }

    @Override
    public K keyOf(final TaggedUnion<T1, T2> value) {
        return value.isOne() ? first.keyOf(value.getOne()) : second.keyOf(value.getTwo());
    }

    @Override
    public String toString() {
        return "union key (" + CheckpointedOperator.describe(first) + ", " + CheckpointedOperator.describe(second) + ")";
    }
}
