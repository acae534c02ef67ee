package dev.weir.jobs.run;

/** A record file's line with a bad field; the source adds the file and the line. */
public final class RecordFieldException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String field;
    private final String reason;

    /**
     * @param field the field at fault, or null when the line's shape is wrong
     * @param reason what is wrong
     */
    public RecordFieldException(final String field, final String reason) {
        super((field != null ? "field '" + field + "': " : "") + reason);
        this.field = field;
        this.reason = reason;
    }

    /** @return the field at fault, or null */
    public String field() {
        return field;
    }

    /** @return what is wrong, without the field */
    public String reason() {
        return reason;
    }
}
