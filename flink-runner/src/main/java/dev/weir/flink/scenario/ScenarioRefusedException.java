package dev.weir.flink.scenario;

import dev.weir.codec.input.BadInputException;

/**
 * A job file, or a row of an element file, that this layer does not translate to Flink: the
 * message names the file, the section or field, and why (docs/flink.md, "What is refused").
 */
public final class ScenarioRefusedException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the file's name
     * @param line the 1-based line, or 0 for a job file's section
     * @param field the section or field, e.g. {@code window.trigger}
     * @param reason why Flink cannot run it as Weir does
     */
    public ScenarioRefusedException(final String file, final int line, final String field, final String reason) {
        super(file, line, field, reason);
    }
}
