package dev.weir.window;

import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.Collector;
import dev.weir.operator.FlatJoinFunction;
import java.util.Objects;

/**
 * The inner window join with a {@link FlatJoinFunction}, as a coGroup: the nested loop of
 * {@link JoinCoGroupFunction}, each pair giving zero or more results.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 * @param <OUT> the result type
 */
public final class FlatJoinCoGroupFunction<T1, T2, OUT> implements CoGroupFunction<T1, T2, OUT>, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final FlatJoinFunction<T1, T2, OUT> function;

    /** @param function joins each pair */
    public FlatJoinCoGroupFunction(final FlatJoinFunction<T1, T2, OUT> function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void coGroup(final Iterable<T1> first, final Iterable<T2> second, final Collector<OUT> out) {
        for (final T1 left : first) {
            for (final T2 right : second) {
                function.join(left, right, out);
            }
        }
    }

    /** @return {@code flat join} and the function, for a checkpoint's fingerprint */
    @Override
    public String toString() {
        return "flat join " + CheckpointedOperator.describe(function);
    }
}
