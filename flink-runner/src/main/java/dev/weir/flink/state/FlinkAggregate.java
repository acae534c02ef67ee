package dev.weir.flink.state;

import dev.weir.state.AggregateFunction;

/** A Weir window's aggregate function as Flink's, call for call; as thread-safe as the user's function. */
public final class FlinkAggregate implements org.apache.flink.api.common.functions.AggregateFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final AggregateFunction<Object, Object, Object> aggregate;

    @SuppressWarnings("unchecked")
    public FlinkAggregate(final AggregateFunction<?, ?, ?> aggregate) {
        this.aggregate = (AggregateFunction<Object, Object, Object>) aggregate;
    }

    @Override
    public Object createAccumulator() {
        return aggregate.createAccumulator();
    }

    @Override
    public Object add(final Object value, final Object accumulator) {
        return aggregate.add(value, accumulator);
    }

    @Override
    public Object getResult(final Object accumulator) {
        return aggregate.getResult(accumulator);
    }

    @Override
    public Object merge(final Object a, final Object b) {
        return aggregate.merge(a, b);
    }
}
