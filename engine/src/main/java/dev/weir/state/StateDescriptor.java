package dev.weir.state;

/**
 * Names a piece of keyed state and says how a backend makes it; a backend creates each
 * name once and hands the same object back afterwards.
 *
 * @param <S> the state type
 */
public abstract class StateDescriptor<S extends KeyedState> {
    private final String name;

    /** @param name the state's unique name within its operator */
    protected StateDescriptor(final String name) {
        this.name = java.util.Objects.requireNonNull(name, "name");
    }

    /** @return the state's name */
    public final String name() {
        return name;
    }

    /**
     * Makes the state in a backend; backends call it from {@link KeyedStateBackend#state} the
     * first time a name is used, wherever they live.
     *
     * @param backend the backend to create the state in
     * @return the new state object
     */
    public final S newState(final KeyedStateBackend<?> backend) {
        return createIn(backend);
    }

    /**
     * @param backend the backend to create the state in
     * @return the new state object
     */
    protected abstract S createIn(KeyedStateBackend<?> backend);
}
