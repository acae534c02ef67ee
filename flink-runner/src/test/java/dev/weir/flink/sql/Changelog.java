package dev.weir.flink.sql;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * The rows a changelog stream leaves in its table: +I and +U add a row, -U and -D take one equal
 * row away. The rows are kept in the order they were added, each as an insert.
 */
public final class Changelog {
    private Changelog() {
    }

    /**
     * @param changes the changelog rows, in their order of arrival
     * @return the materialised rows, of kind {@link RowKind#INSERT}
     * @throws IllegalStateException if a retraction finds no row to take away
     */
    public static List<Row> materialise(final Iterator<Row> changes) {
        final List<Row> rows = new ArrayList<>();
        while (changes.hasNext()) {
            final Row change = changes.next();
            final RowKind kind = change.getKind();
            final Row row = Row.copy(change);
            row.setKind(RowKind.INSERT);
            if (kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER) {
                rows.add(row);
            } else if (!rows.remove(row)) {
                throw new IllegalStateException(kind.shortString() + " of a row the table does not hold: " + change);
            }
        }
        return rows;
    }
}
