package dev.weir.jobs.run;

import dev.weir.codec.input.BadInputException;

/** A restore directory that holds no usable checkpoint (missing, empty, damaged or of another job). */
public final class RestoreDirectoryException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param directory the directory given to restore from
     * @param message what is wrong with it
     */
    public RestoreDirectoryException(final String directory, final String message) {
        super(directory, 0, null, message);
    }
}
