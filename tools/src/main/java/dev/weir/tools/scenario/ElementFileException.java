package dev.weir.tools.scenario;

/** A bad row of an element file: names the file, the line and the field at fault. */
public final class ElementFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String field;

    /**
     * @param file the element file's name
     * @param line the 1-based line, or 0 when unknown
     * @param field the column at fault, or null
     * @param message what is wrong
     */
    public ElementFileException(final String file, final int line, final String field, final String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + (field != null ? "field '" + field + "': " : "") + message);
        this.file = file;
        this.line = line;
        this.field = field;
    }

    /** @return the element file's name */
    public String file() {
        return file;
    }

    /** @return the 1-based line */
    public int line() {
        return line;
    }

    /** @return the column at fault, or null */
    public String field() {
        return field;
    }
}
