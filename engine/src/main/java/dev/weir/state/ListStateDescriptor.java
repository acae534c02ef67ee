package dev.weir.state;

/**
 * Describes a {@link ListState}.
 *
 * @param <T> the element type
 */
public final class ListStateDescriptor<T> extends StateDescriptor<ListState<T>> {
    private static final long serialVersionUID = 1L;

    /** @param name the state's name */
    public ListStateDescriptor(final String name) {
        super(name);
    }

    @Override
    protected ListState<T> createIn(final KeyedStateBackend<?> backend) {
        return backend.createListState(name());
    }
}
