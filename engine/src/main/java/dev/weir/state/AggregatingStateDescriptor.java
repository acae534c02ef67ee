package dev.weir.state;

import java.io.IOException;
import java.io.ObjectOutputStream;

/**
 * Describes an {@link AggregatingState}.
 *
 * @param <IN> what is added
 * @param <ACC> the accumulator
 * @param <OUT> the result
 */
public final class AggregatingStateDescriptor<IN, ACC, OUT> extends StateDescriptor<AggregatingState<IN, OUT>> {
    private static final long serialVersionUID = 1L;

    private final AggregateFunction<IN, ACC, OUT> aggregateFunction;

    /**
     * @param name the state's name
     * @param aggregateFunction the aggregation
     */
    public AggregatingStateDescriptor(final String name, final AggregateFunction<IN, ACC, OUT> aggregateFunction) {
        super(name);
        this.aggregateFunction = aggregateFunction;
    }

    /** @return the aggregation of added values */
    public AggregateFunction<IN, ACC, OUT> aggregateFunction() {
        return aggregateFunction;
    }

    @Override
    protected AggregatingState<IN, OUT> createIn(final KeyedStateBackend<?> backend) {
        return backend.createAggregatingState(name(), aggregateFunction);
    }

    /** Serializes the descriptor only with a serializable function, and otherwise says which descriptor's function is not. */
    private void writeObject(final ObjectOutputStream out) throws IOException {
        requireSerializable(aggregateFunction, "the aggregate function");
        out.defaultWriteObject();
    }
}
