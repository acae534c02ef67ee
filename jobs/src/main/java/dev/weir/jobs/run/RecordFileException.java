package dev.weir.jobs.run;

import dev.weir.codec.input.BadInputException;

/** A bad line in a record file, named by file, line and field. */
public final class RecordFileException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the file
     * @param line the 1-based line
     * @param field the field at fault, or null
     * @param message what is wrong
     */
    public RecordFileException(final String file, final int line, final String field, final String message) {
        super(file, line, field, message);
    }
}
