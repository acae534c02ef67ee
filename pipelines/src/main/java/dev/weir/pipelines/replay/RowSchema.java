package dev.weir.pipelines.replay;

import java.util.List;

/**
 * The columns of a replay pipeline's rows, in order: the CSV header and the JSON field names. The
 * {@link #textLines()} schema is a pipeline's own text lines (a job file's FIRE and LATE lines), printed as they
 * are whatever the output format.
 *
 * @param columns the column names; at least one, each a plain lower-case name
 * @param plainText true for rows that are one text line each, printed as they are without a header
 */
public record RowSchema(List<String> columns, boolean plainText) {
    /** @param columns the column names @param plainText whether rows are text lines printed as they are */
    public RowSchema {
        columns = List.copyOf(columns);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a row schema needs at least one column");
        }
        if (plainText && columns.size() != 1) {
            throw new IllegalArgumentException("plain text rows have one column, got " + columns);
        }
    }

    /** @return the schema of rows that are text lines, each written with one {@link RowWriter#text} */
    public static RowSchema textLines() {
        return new RowSchema(List.of("line"), true);
    }

    /**
     * @param columns the column names, in order
     * @return the schema
     */
    public static RowSchema of(final String... columns) {
        return new RowSchema(List.of(columns), false);
    }
}
