package dev.weir.flink.state;

import dev.weir.state.ReduceFunction;

/** A Weir window's reduce function as Flink's; as thread-safe as the user's function. */
public final class FlinkReduce implements org.apache.flink.api.common.functions.ReduceFunction<Object> {
    private static final long serialVersionUID = 1L;

    private final ReduceFunction<Object> reduce;

    @SuppressWarnings("unchecked")
    public FlinkReduce(final ReduceFunction<?> reduce) {
        this.reduce = (ReduceFunction<Object>) reduce;
    }

    @Override
    public Object reduce(final Object accumulated, final Object value) {
        return reduce.reduce(accumulated, value);
    }
}
