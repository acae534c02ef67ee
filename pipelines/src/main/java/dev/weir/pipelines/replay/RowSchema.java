package dev.weir.pipelines.replay;

import java.util.List;

/**
 * The columns of a replay pipeline's rows, in order: the CSV header and the JSON field names.
 *
 * @param columns the column names; at least one, each a plain lower-case name
 */
public record RowSchema(List<String> columns) {
    /** @param columns the column names */
    public RowSchema {
        columns = List.copyOf(columns);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a row schema needs at least one column");
        }
    }

    /**
     * @param columns the column names, in order
     * @return the schema
     */
    public static RowSchema of(final String... columns) {
        return new RowSchema(List.of(columns));
    }
}
