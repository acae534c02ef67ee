package dev.weir.pipelines.nexmark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The result of an upsert query's printed rows: the last row per key, keys being the first columns (texts without commas). */
final class UpsertRows {
    private UpsertRows() {
    }

    /** @return the last row printed per value of the first {@code keyColumns} columns, sorted */
    static List<String> lastPerKey(final List<String> rows, final int keyColumns) {
        final Map<List<String>, String> last = new LinkedHashMap<>();
        for (final String row : rows) {
            last.put(Arrays.asList(row.split(",", -1)).subList(0, keyColumns), row);
        }
        final List<String> result = new ArrayList<>(last.values());
        result.sort(null);
        return result;
    }
}
