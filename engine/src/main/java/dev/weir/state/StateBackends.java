package dev.weir.state;

import java.util.ServiceLoader;

/**
 * Finds the state backend a pipeline uses when none is set: the highest-priority
 * {@link StateBackendFactory} on the class path (the off-heap module registers one), else
 * {@link HeapStateBackend#INSTANCE}. Thread-safe.
 */
public final class StateBackends {
    private StateBackends() {
    }

    /** @return a new backend from the best factory found, or the heap backend */
    public static StateBackend defaultBackend() {
        StateBackendFactory best = null;
        for (final StateBackendFactory factory : ServiceLoader.load(StateBackendFactory.class, classLoader())) {
            if (best == null || factory.priority() > best.priority()) {
                best = factory;
            }
        }
        return best == null || best.priority() <= 0 ? HeapStateBackend.INSTANCE : best.createBackend();
    }

    private static ClassLoader classLoader() {
        final ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : StateBackends.class.getClassLoader();
    }
}
