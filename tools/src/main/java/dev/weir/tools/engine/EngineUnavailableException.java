package dev.weir.tools.engine;

/**
 * {@code --engine NAME} names an engine whose module is not on the class path: the command line
 * exits with 2 and this one line.
 */
public final class EngineUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param name the engine asked for */
    public EngineUnavailableException(final String name) {
        super("--engine " + name + ": the " + name + "-runner module is not on the class path; the ./weir launcher adds it"
                + " when the command line holds --engine " + name);
    }
}
