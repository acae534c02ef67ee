package dev.weir.pipelines.job;

/** A job file that cannot be used: names the file, the line and the field at fault. */
public final class JobFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String field;

    /**
     * @param file the job file's name
     * @param line the 1-based line, or 0 when unknown
     * @param field the dotted field path, or null
     * @param message what is wrong and how to fix it
     */
    public JobFileException(final String file, final int line, final String field, final String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + (field != null ? "field '" + field + "': " : "") + message);
        this.file = file;
        this.line = line;
        this.field = field;
    }

    /** @return the job file's name */
    public String file() {
        return file;
    }

    /** @return the 1-based line, or 0 when unknown */
    public int line() {
        return line;
    }

    /** @return the dotted field path, or null */
    public String field() {
        return field;
    }
}
