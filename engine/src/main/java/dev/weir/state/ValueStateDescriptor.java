package dev.weir.state;

/**
 * Describes a {@link ValueState}.
 *
 * @param <T> the value type
 */
public final class ValueStateDescriptor<T> extends StateDescriptor<ValueState<T>> {
    private static final long serialVersionUID = 1L;

    /** @param name the state's name */
    public ValueStateDescriptor(final String name) {
        super(name);
    }

    @Override
    protected ValueState<T> createIn(final KeyedStateBackend<?> backend) {
        return backend.createValueState(name());
    }
}
