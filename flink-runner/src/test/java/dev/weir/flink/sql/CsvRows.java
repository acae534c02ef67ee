package dev.weir.flink.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the CSV rows Weir's Nexmark queries print (RFC 4180 quoting) far enough to find their key columns. */
final class CsvRows {
    private CsvRows() {
    }

    /**
     * @param rows an upsert query's rows, in the order printed
     * @param keyColumns the positions of the key columns
     * @return the last row printed per key, in the order the keys first appeared
     */
    static List<String> lastPerKey(final List<String> rows, final int... keyColumns) {
        final Map<List<String>, String> last = new LinkedHashMap<>();
        for (final String row : rows) {
            final List<String> fields = fields(row);
            final List<String> key = new ArrayList<>(keyColumns.length);
            for (final int column : keyColumns) {
                if (column >= fields.size()) {
                    throw new IllegalArgumentException("key column " + column + " is not in row '" + row + "' (" + fields.size() + " fields)");
                }
                key.add(fields.get(column));
            }
            last.put(key, row);
        }
        return new ArrayList<>(last.values());
    }

    /** @return a row's fields, unquoted */
    static List<String> fields(final String row) {
        final List<String> fields = new ArrayList<>();
        final StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < row.length(); i++) {
            final char c = row.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < row.length() && row.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
