package dev.weir.pipelines.telemetry;

import dev.weir.codec.input.BadInputException;

/**
 * A threshold file of {@code statsd-alerts} that cannot be read, or a line of it that is wrong: the message names the
 * file, the 1-based line and the field ({@code thresholds.csv:3: field 'p99_threshold': 'x' is not a number}).
 */
public final class ThresholdFileException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the file's name
     * @param line the 1-based line, or 0 for the file as a whole
     * @param field the field at fault, or null
     * @param message what is wrong
     */
    public ThresholdFileException(final String file, final int line, final String field, final String message) {
        super(file, line, field, message);
    }
}
