package dev.weir.state;

import java.io.IOException;
import java.io.ObjectOutputStream;

/**
 * Describes a {@link ReducingState}.
 *
 * @param <T> the value type
 */
public final class ReducingStateDescriptor<T> extends StateDescriptor<ReducingState<T>> {
    private static final long serialVersionUID = 1L;

    private final ReduceFunction<T> reduceFunction;

    /**
     * @param name the state's name
     * @param reduceFunction folds added values
     */
    public ReducingStateDescriptor(final String name, final ReduceFunction<T> reduceFunction) {
        super(name);
        this.reduceFunction = reduceFunction;
    }

    /** @return the function that folds added values */
    public ReduceFunction<T> reduceFunction() {
        return reduceFunction;
    }

    @Override
    protected ReducingState<T> createIn(final KeyedStateBackend<?> backend) {
        return backend.createReducingState(name(), reduceFunction);
    }

    /** Serializes the descriptor only with a serializable function, and otherwise says which descriptor's function is not. */
    private void writeObject(final ObjectOutputStream out) throws IOException {
        requireSerializable(reduceFunction, "the reduce function");
        out.defaultWriteObject();
    }
}
