package dev.weir.codec.capture;

import dev.weir.codec.input.BadInputException;

/**
 * A capture file that cannot be opened at all: missing, unreadable, a directory, too large
 * ({@link CaptureFile#requireReadable}), or one a command must not write over. Reads {@code FILE: what}.
 */
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
