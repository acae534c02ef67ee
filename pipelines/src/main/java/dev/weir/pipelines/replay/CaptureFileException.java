package dev.weir.pipelines.replay;

import dev.weir.pipelines.input.BadInputException;

/** A capture file that cannot be replayed at all: missing, unreadable, a directory, too large. Reads {@code FILE: what}. */
public final class CaptureFileException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the file's name as given
     * @param reason what is wrong
     */
    public CaptureFileException(final String file, final String reason) {
        super(file, 0, null, reason);
    }
}
