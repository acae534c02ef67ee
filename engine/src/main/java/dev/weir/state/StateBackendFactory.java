package dev.weir.state;

import java.util.Map;
import java.util.Set;

/**
 * Offers a state backend by name: to {@link StateBackends#defaultBackend()} (the highest priority wins) and to
 * {@link StateBackends#factory(String)} (a command line's {@code --state NAME}). Implementations are listed in
 * {@code META-INF/services/dev.weir.state.StateBackendFactory} of their module; the heap backend's is built in.
 * Stateless and thread-safe.
 */
public interface StateBackendFactory {
    /** @return the backend's name, lower case, e.g. {@code heap} or {@code chronicle} */
    String name();

    /** @return a backend configured from its defaults and system properties */
    StateBackend createBackend();

    /** @return the factory with the highest priority on the class path wins; the heap backend is 0 */
    int priority();

    /** @return the names of the settings {@link #createBackend(Map)} takes, e.g. {@code state.dir}; none by default */
    default Set<String> settings() {
        return Set.of();
    }

    /**
     * @param settings values of some of {@link #settings()}, as text; they override the defaults and system properties
     * @return a backend configured from its defaults, system properties and these settings
     * @throws BackendSettingException naming the first setting this backend does not take or whose value it cannot use
     */
    default StateBackend createBackend(final Map<String, String> settings) {
        for (final String setting : settings.keySet()) {
            if (!settings().contains(setting)) {
                throw new BackendSettingException(setting, "is not a setting of the " + name() + " state backend");
            }
        }
        return createBackend();
    }
}
