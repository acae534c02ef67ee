package dev.weir.jobs.file;

import dev.weir.codec.input.BadInputException;

/** A job file that cannot be used: names the file, the line and the (dotted) field at fault. */
public final class JobFileException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the job file's name
     * @param line the 1-based line, or 0 when unknown
     * @param field the dotted field path, or null
     * @param message what is wrong and how to fix it
     */
    public JobFileException(final String file, final int line, final String field, final String message) {
        super(file, line, field, message);
    }
}
