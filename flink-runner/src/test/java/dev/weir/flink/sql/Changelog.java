package dev.weir.flink.sql;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * The rows a changelog stream of every kind leaves in its table: +I adds a row, -U and -D take
 * one equal row away, +U adds the row that replaces the one a -U took away. The rows are kept in
 * the order they were added, each as an insert. A changelog that breaks these rules (a
 * retraction of a row the table does not hold, an update without the -U of the row it replaces:
 * an upsert changelog, which needs a key to apply) is refused; {@link #materialiseByKey} applies
 * a changelog by a unique key of the result, upserts included.
 */
public final class Changelog {
    private Changelog() {
    }

    /**
     * @param changes the changelog rows, in their order of arrival
     * @return the materialised rows, of kind {@link RowKind#INSERT}
     * @throws IllegalStateException if a retraction finds no row to take away, or a +U follows no -U
     */
    public static List<Row> materialise(final Iterator<Row> changes) {
        // the rows by arrival, a taken row's place emptied; each distinct row's places, earliest first: a retraction
        // takes the earliest equal row away, in constant time
        final List<Row> added = new ArrayList<>();
        final Map<Row, ArrayDeque<Integer>> places = new HashMap<>();
        int retracted = 0;
        while (changes.hasNext()) {
            final Row change = changes.next();
            final RowKind kind = change.getKind();
            final Row row = Row.copy(change);
            row.setKind(RowKind.INSERT);
            if (kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER) {
                if (kind == RowKind.UPDATE_AFTER) {
                    if (retracted == 0) {
                        throw new IllegalStateException("+U without the -U of the row it replaces (an upsert changelog): " + change);
                    }
                    retracted--;
                }
                places.computeIfAbsent(row, r -> new ArrayDeque<>()).addLast(added.size());
                added.add(row);
            } else {
                final ArrayDeque<Integer> equal = places.get(row);
                if (equal == null || equal.isEmpty()) {
                    throw new IllegalStateException(kind.shortString() + " of a row the table does not hold: " + change);
                }
                added.set(equal.removeFirst(), null);
                if (kind == RowKind.UPDATE_BEFORE) {
                    retracted++;
                }
            }
        }
        return added.stream().filter(Objects::nonNull).collect(Collectors.toCollection(ArrayList::new));
    }

    /**
     * @param changes the changelog rows, in their order of arrival, of a result unique on the key
     * @param key the positions of the key's fields
     * @return the materialised rows, one per key, of kind {@link RowKind#INSERT}, in the order their keys were first added:
     *     +I and +U put the row of their key, -U and -D take it away
     * @throws IllegalStateException if a retraction finds no row of its key
     */
    public static List<Row> materialiseByKey(final Iterator<Row> changes, final int... key) {
        final Map<List<Object>, Row> rows = new LinkedHashMap<>();
        while (changes.hasNext()) {
            final Row change = changes.next();
            final RowKind kind = change.getKind();
            final Row row = Row.copy(change);
            row.setKind(RowKind.INSERT);
            final List<Object> of = Arrays.stream(key).mapToObj(row::getField).toList();
            if (kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER) {
                rows.put(of, row);
            } else if (rows.remove(of) == null) {
                throw new IllegalStateException(kind.shortString() + " of a key the table does not hold: " + change);
            }
        }
        return new ArrayList<>(rows.values());
    }
}
