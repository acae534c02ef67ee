package dev.weir.state;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.StringJoiner;

/**
 * Finds state backends: by name ({@link #factory(String)}, as a command line's {@code --state NAME} does) among the
 * {@link StateBackendFactory}s on the class path and the built-in {@code heap}; and the backend a pipeline uses when
 * none is set, the highest-priority factory's (the off-heap module registers one), else
 * {@link HeapStateBackend#INSTANCE}. Thread-safe; each call looks again.
 */
public final class StateBackends {
    private StateBackends() {
    }

    /** @return a new backend from the best factory found, or the heap backend */
    public static StateBackend defaultBackend() {
        return preferred().createBackend();
    }

    /** @return the factory of {@link #defaultBackend()}: the highest priority above 0, else the heap backend's */
    public static StateBackendFactory preferred() {
        StateBackendFactory best = HeapStateBackendFactory.INSTANCE;
        for (final StateBackendFactory factory : ServiceLoader.load(StateBackendFactory.class, classLoader())) {
            if (factory.priority() > best.priority()) {
                best = factory;
            }
        }
        return best;
    }

    /** @return every factory found and the heap backend's, in name order */
    public static List<StateBackendFactory> factories() {
        final List<StateBackendFactory> factories = new ArrayList<>();
        factories.add(HeapStateBackendFactory.INSTANCE);
        for (final StateBackendFactory factory : ServiceLoader.load(StateBackendFactory.class, classLoader())) {
            factories.add(factory);
        }
        factories.sort(Comparator.comparing(StateBackendFactory::name));
        return factories;
    }

    /**
     * @param name a backend's name, as typed
     * @return the factory of that name
     * @throws IllegalArgumentException naming the valid names if there is none of that name
     */
    public static StateBackendFactory factory(final String name) {
        final StringJoiner names = new StringJoiner(", ");
        for (final StateBackendFactory factory : factories()) {
            if (factory.name().equals(name)) {
                return factory;
            }
            names.add(factory.name());
        }
        throw new IllegalArgumentException("unknown state backend '" + name + "' (valid values: " + names + ")");
    }

    private static ClassLoader classLoader() {
        final ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : StateBackends.class.getClassLoader();
    }
}
