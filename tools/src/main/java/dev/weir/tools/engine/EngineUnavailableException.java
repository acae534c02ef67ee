package dev.weir.tools.engine;

import dev.weir.UserInputError;
import java.util.List;

/**
 * {@code --engine NAME} names no engine on the class path: the command line exits with 2 and this one line, which
 * lists the engines found and says how an engine's module joins them.
 */
public final class EngineUnavailableException extends RuntimeException implements UserInputError {
    private static final long serialVersionUID = 1L;

    /**
     * @param name the engine asked for
     * @param found the names of the engines on the class path, {@code weir} first
     */
    public EngineUnavailableException(final String name, final List<String> found) {
        super("--engine " + name + ": no engine of that name on the class path (engines: " + String.join(", ", found)
                + "); an engine's module adds its name when it is on the class path, as the ./weir launcher adds the"
                + " flink-runner module when the command line holds --engine flink");
    }
}
