package dev.weir.flink.state;

import dev.weir.state.AggregatingState;
import dev.weir.state.ReducingState;
import java.util.Collection;

/**
 * Weir's {@link ReducingState} and {@link AggregatingState} on Flink's, whose descriptor carries
 * the Weir reduce function ({@link FlinkReduce}) or aggregate function ({@link FlinkAggregate})
 * and keeps the folded value or accumulator: null before the first add, as on Weir. Both are
 * Flink merging states with the same calls, so one adapter serves both. Not thread-safe.
 */
final class FlinkFoldingState extends FlinkKeyedState<org.apache.flink.api.common.state.MergingState<Object, Object>>
        implements ReducingState<Object>, AggregatingState<Object, Object> {
    @Override
    public Object get() {
        try {
            return flink().get();
        } catch (final Exception e) {
            throw failed("reading a folded value", e);
        }
    }

    @Override
    public void add(final Object value) {
        try {
            flink().add(value);
        } catch (final Exception e) {
            throw failed("folding in a value", e);
        }
    }

    @Override
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        merge(target, sources);
    }
}
