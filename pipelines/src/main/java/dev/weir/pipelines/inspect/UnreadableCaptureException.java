package dev.weir.pipelines.inspect;

import dev.weir.pipelines.input.BadInputException;

/**
 * A capture file that cannot be opened: missing, a directory, not readable, or larger than the reader maps. The message
 * reads {@code FILE: what}.
 */
public final class UnreadableCaptureException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the file's name
     * @param message what is wrong
     */
    public UnreadableCaptureException(final String file, final String message) {
        super(file, 0, null, message);
    }
}
