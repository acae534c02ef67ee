package dev.weir.flink.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;

/** {@link Changelog} applies a changelog the way a table does: inserts and updates add, retractions take one row away. */
class NexmarkSqlChangelogTest {
    @Test
    void updatesReplaceRowsAndDeletesTakeOneEqualRowAway() {
        final List<Row> changes = List.of(
                Row.ofKind(RowKind.INSERT, "a", 1L),
                Row.ofKind(RowKind.INSERT, "b", 1L),
                Row.ofKind(RowKind.INSERT, "b", 1L),
                Row.ofKind(RowKind.UPDATE_BEFORE, "a", 1L),
                Row.ofKind(RowKind.UPDATE_AFTER, "a", 2L),
                Row.ofKind(RowKind.DELETE, "b", 1L),
                Row.ofKind(RowKind.INSERT, "c", 3L));
        assertEquals(List.of(Row.of("b", 1L), Row.of("a", 2L), Row.of("c", 3L)), Changelog.materialise(changes.iterator()));
    }

    @Test
    void aRetractionOfARowTheTableDoesNotHoldIsRefused() {
        final List<Row> changes = List.of(Row.ofKind(RowKind.INSERT, "a", 1L), Row.ofKind(RowKind.DELETE, "a", 2L));
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> Changelog.materialise(changes.iterator()));
        assertEquals("-D of a row the table does not hold: -D[a, 2]", refused.getMessage());
    }

    @Test
    void anUpdateWithoutTheRetractionOfTheRowItReplacesIsRefused() {
        final List<Row> changes = List.of(Row.ofKind(RowKind.INSERT, "a", 1L), Row.ofKind(RowKind.UPDATE_AFTER, "a", 2L));
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> Changelog.materialise(changes.iterator()));
        assertEquals("+U without the -U of the row it replaces (an upsert changelog): +U[a, 2]", refused.getMessage());
    }

    @Test
    void byKeyAnUpdateReplacesTheRowOfItsKeyWithOrWithoutItsRetraction() {
        final List<Row> changes = List.of(
                Row.ofKind(RowKind.INSERT, "a", 1L),
                Row.ofKind(RowKind.INSERT, "b", 1L),
                Row.ofKind(RowKind.UPDATE_AFTER, "a", 2L),
                Row.ofKind(RowKind.UPDATE_BEFORE, "b", 1L),
                Row.ofKind(RowKind.UPDATE_AFTER, "b", 3L),
                Row.ofKind(RowKind.INSERT, "c", 4L),
                Row.ofKind(RowKind.DELETE, "c", 4L));
        assertEquals(List.of(Row.of("a", 2L), Row.of("b", 3L)), Changelog.materialiseByKey(changes.iterator(), 0));
    }

    @Test
    void byKeyARetractionOfAKeyTheTableDoesNotHoldIsRefused() {
        final List<Row> changes = List.of(Row.ofKind(RowKind.INSERT, "a", 1L), Row.ofKind(RowKind.DELETE, "b", 1L));
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> Changelog.materialiseByKey(changes.iterator(), 0));
        assertEquals("-D of a key the table does not hold: -D[b, 1]", refused.getMessage());
    }
}
