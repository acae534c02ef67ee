package dev.weir.codec.input;

/**
 * Input a user gave that cannot be used: a job file, an element file, a capture. The message
 * names the file, the line and the field at fault, as {@code FILE:LINE: field 'F': what}.
 */
public abstract class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String field;

    /**
     * @param file the file's name
     * @param line the 1-based line, or 0 when unknown
     * @param field the field at fault, or null
     * @param message what is wrong and how to fix it
     */
    protected BadInputException(final String file, final int line, final String field, final String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + (field != null ? "field '" + field + "': " : "") + message);
        this.file = file;
        this.line = line;
        this.field = field;
    }

    /** @return the file's name */
    public final String file() {
        return file;
    }

    /** @return the 1-based line, or 0 when unknown */
    public final int line() {
        return line;
    }

    /** @return the field at fault, or null */
    public final String field() {
        return field;
    }
}
