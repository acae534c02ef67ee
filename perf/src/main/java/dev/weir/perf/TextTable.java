package dev.weir.perf;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with right-aligned columns after a left-aligned first column. */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();

    /**
     * @param cells one row; the first row added is the header
     * @return this table
     */
    public TextTable row(final String... cells) {
        rows.add(cells.clone());
        return this;
    }

    @Override
    public String toString() {
        int columns = 0;
        for (final String[] row : rows) {
            columns = Math.max(columns, row.length);
        }
        final int[] widths = new int[columns];
        for (final String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        final StringBuilder text = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            final String[] row = rows.get(r);
            for (int i = 0; i < row.length; i++) {
                final String cell = row[i];
                final String pad = " ".repeat(widths[i] - cell.length());
                text.append(i == 0 ? cell + pad : "  " + pad + cell);
            }
            text.append('\n');
            if (r == 0) {
                int total = 0;
                for (final int width : widths) {
                    total += width + 2;
                }
                text.append("-".repeat(Math.max(0, total - 2))).append('\n');
            }
        }
        return text.toString();
    }
}
