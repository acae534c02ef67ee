package dev.weir.state;

import java.io.NotSerializableException;
import java.io.Serializable;

/**
 * Names a piece of keyed state and says how a backend makes it; a backend creates each
 * name once and hands the same object back afterwards. Descriptors are {@link Serializable},
 * so that a function, trigger or window function shipped to another JVM (Flink's tasks,
 * docs/flink.md) may keep them in its fields; a descriptor holding a function of the user's
 * serializes only if that function does. Immutable, so thread-safe.
 *
 * @param <S> the state type
 */
public abstract class StateDescriptor<S extends KeyedState> implements Serializable {
    private static final long serialVersionUID = 1L;

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

    /**
     * Refuses to serialize a descriptor whose function cannot go along, naming the descriptor
     * rather than the function's class (a lambda's class name is generated and means nothing).
     *
     * @param function the function the descriptor holds
     * @param role what it is to the descriptor, e.g. {@code the reduce function}
     * @throws NotSerializableException if {@code function} is there and not {@link Serializable}
     */
    final void requireSerializable(final Object function, final String role) throws NotSerializableException {
        if (function != null && !(function instanceof Serializable)) {
            final Class<?> type = function.getClass();
            throw new NotSerializableException(role + " of the " + getClass().getSimpleName() + " '" + name + "'"
                    + (type.isHidden() || type.isSynthetic() ? " (a lambda)" : " (" + type.getName() + ")"));
        }
    }
}
