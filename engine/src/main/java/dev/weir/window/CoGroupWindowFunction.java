package dev.weir.window;

import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.Collector;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The window function of a window join or coGroup (docs/joins.md, "Window join and coGroup"), as Flink builds them:
 * both inputs are tagged ({@link TaggedUnion}), unioned, keyed ({@link UnionKeySelector}) and
 * windowed by one window operator, and at each firing this function splits the window's
 * elements into the first input's and the second input's, each in window-state order, and hands
 * both to one {@link CoGroupFunction} call. Results carry the window's maxTimestamp. Each firing
 * makes two lists (per window, not per record).
 *
 * <p>Over the API: {@code keyBy(new UnionKeySelector<>(k1, k2)).window(assigner)[.trigger][.evictor]
 * [.allowedLateness].process(new CoGroupWindowFunction<>(function))}.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 * @param <OUT> the result type
 * @param <K> the key type
 * @param <W> the window type
 */
public final class CoGroupWindowFunction<T1, T2, OUT, K, W extends Window> implements ProcessWindowFunction<TaggedUnion<T1, T2>, OUT, K, W>,
        java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final CoGroupFunction<T1, T2, OUT> function;

    /** @param function sees both inputs' elements of each window firing */
    public CoGroupWindowFunction(final CoGroupFunction<T1, T2, OUT> function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void process(final K key, final Context<W> context, final Iterable<TaggedUnion<T1, T2>> elements, final Collector<OUT> out) {
        final List<T1> first = new ArrayList<>();
        final List<T2> second = new ArrayList<>();
        for (final TaggedUnion<T1, T2> element : elements) {
            if (element.isOne()) {
                first.add(element.getOne());
            } else {
                second.add(element.getTwo());
            }
        }
        function.coGroup(first, second, out);
    }

    /** @return the coGroup function given */
    public CoGroupFunction<T1, T2, OUT> function() {
        return function;
    }

    /** @return {@code coGroup} and the function, for a checkpoint's fingerprint */
    @Override
    public String toString() {
        return "coGroup " + CheckpointedOperator.describe(function);
    }
}
