package dev.weir.state;

/**
 * Describes a {@link ReducingState}.
 *
 * @param <T> the value type
 */
public final class ReducingStateDescriptor<T> extends StateDescriptor<ReducingState<T>> {
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
}
