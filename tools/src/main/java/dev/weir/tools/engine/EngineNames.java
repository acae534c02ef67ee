package dev.weir.tools.engine;

import dev.weir.engines.Engines;
import dev.weir.engines.ExecutionEngine;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The names {@code --engine} takes: {@code weir}, then the name of each {@link ExecutionEngine} found on the class
 * path ({@link Engines}), in name order. Picocli's completion candidates of the option, so that its help lists what
 * this class path holds. Stateless and thread-safe; each call looks again.
 */
public final class EngineNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return names().iterator();
    }

    /** @return {@code weir}, then the names of the engines found */
    static List<String> names() {
        final List<String> names = new ArrayList<>();
        names.add(EngineOption.WEIR);
        for (final ExecutionEngine engine : Engines.all()) {
            names.add(engine.name());
        }
        return names;
    }

    /**
     * @param name the name {@code --engine} got
     * @return the engine of that name found on the class path, or null if there is none
     */
    static ExecutionEngine named(final String name) {
        return Engines.named(name).orElse(null);
    }
}
