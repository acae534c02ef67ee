package dev.weir.engines;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The {@link ExecutionEngine}s on the class path, found with {@link ServiceLoader} on the class loader of this
 * interface's module. Stateless and thread-safe; each call looks again.
 */
public final class Engines {
    private Engines() {
    }

    /** @return the engines found, in name order */
    public static List<ExecutionEngine> all() {
        final List<ExecutionEngine> engines = new ArrayList<>();
        for (final ExecutionEngine engine : ServiceLoader.load(ExecutionEngine.class, Engines.class.getClassLoader())) {
            engines.add(engine);
        }
        engines.sort(Comparator.comparing(ExecutionEngine::name));
        return engines;
    }

    /**
     * @param name an engine's name, e.g. {@code flink}
     * @return the engine of that name found on the class path, or empty if there is none
     */
    public static Optional<ExecutionEngine> named(final String name) {
        return all().stream().filter(engine -> engine.name().equals(name)).findFirst();
    }
}
