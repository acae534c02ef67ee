package dev.weir.window;

import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.Collector;
import dev.weir.operator.JoinFunction;
import java.util.Objects;

/**
 * The inner window join as a coGroup, as Flink's {@code JoinedStreams} builds it: for each element
 * of the first input, in window-state order, and each element of the second, in window-state
 * order (a nested loop), one {@link JoinFunction} call and one result. A window holding elements
 * of one input only gives nothing.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 * @param <OUT> the result type
 */
public final class JoinCoGroupFunction<T1, T2, OUT> implements CoGroupFunction<T1, T2, OUT>, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final JoinFunction<T1, T2, OUT> function;

    /** @param function joins each pair */
    public JoinCoGroupFunction(final JoinFunction<T1, T2, OUT> function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void coGroup(final Iterable<T1> first, final Iterable<T2> second, final Collector<OUT> out) {
        for (final T1 left : first) {
            for (final T2 right : second) {
                out.collect(function.join(left, right));
            }
        }
    }

    /** @return {@code join} and the function, for a checkpoint's fingerprint */
    @Override
    public String toString() {
        return "join " + CheckpointedOperator.describe(function);
    }
}
