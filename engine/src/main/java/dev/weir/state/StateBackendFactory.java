package dev.weir.state;

/**
 * Offers a state backend to {@link StateBackends#defaultBackend()}; implementations are
 * listed in {@code META-INF/services/dev.weir.state.StateBackendFactory} of their module.
 */
public interface StateBackendFactory {
    /** @return a backend configured from its defaults and system properties */
    StateBackend createBackend();

    /** @return the factory with the highest priority on the class path wins; the heap backend is 0 */
    int priority();
}
