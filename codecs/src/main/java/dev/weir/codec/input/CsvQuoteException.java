package dev.weir.codec.input;

/**
 * A line whose double quotes break the {@link CsvFields} rule; it tells which field (0-based),
 * so the caller can name the column.
 */
public final class CsvQuoteException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int field;

    /**
     * @param field the 0-based index of the field at fault
     * @param reason what is wrong with its quotes
     */
    public CsvQuoteException(final int field, final String reason) {
        super(reason);
        this.field = field;
    }

    /** @return the 0-based index of the field at fault */
    public int field() {
        return field;
    }
}
