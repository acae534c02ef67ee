package dev.weir.engines.elements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.source.LineReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The element file of a one-input job (docs/scenarios.md): columns in any order, blank and {@code #} lines skipped, each
 * row checked before it is handed out, a bad one named by file, line and field.
 */
class ElementFileReaderTest {
    private static final String FILE = "elements.csv";

    private static ElementFileReader reader(final String text) {
        return new ElementFileReader(FILE, LineReader.utf8(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                LineReader.DEFAULT_MAX_LINE_BYTES), 2);
    }

    /** Each row as {@code line at channel kind key ts value}. */
    private static List<String> rows(final String text) {
        final ElementFileReader reader = reader(text);
        final List<String> rows = new ArrayList<>();
        for (ElementRow row = reader.next(); row != null; row = reader.next()) {
            rows.add(row.line() + " " + row.atMillis() + " " + row.channel() + " " + row.kind() + " " + row.key() + " "
                    + row.timestamp() + " " + row.value());
        }
        return rows;
    }

    @Test
    void readsEveryKindOfRowWithTheColumnsInAnyOrder() {
        assertEquals(List.of("3 0 0 R k 1000 5", "4 0 1 W null 900 0", "6 10 1 I null 0 0", "7 10 1 A null 0 0", "8 20 0 E null 0 0"),
                rows("kind,at,channel,key,ts,value\n# a comment\nR,0,0,k,1000,5\nW,0,1,,900,\n\nI,10,1,,,\nA,10,1,,,\nE,20,0,,,\n"));
    }

    @Test
    void aBadRowNamesFileLineAndField() {
        final ElementFileException kind = assertThrows(ElementFileException.class, () -> rows("at,channel,kind,key,ts,value\n0,0,X,k,1,1\n"));
        assertEquals("elements.csv:2: field 'kind': 'X' is not a row kind (R, W, I, A or E)", kind.getMessage());
        final ElementFileException channel = assertThrows(ElementFileException.class,
                () -> rows("at,channel,kind,key,ts,value\n0,2,R,k,1,1\n"));
        assertEquals("elements.csv:2: field 'channel': 2 is not a channel of this job (channels: 0..1)", channel.getMessage());
        final ElementFileException order = assertThrows(ElementFileException.class,
                () -> rows("at,channel,kind,key,ts,value\n5,0,R,k,1,1\n4,0,R,k,1,1\n"));
        assertEquals("elements.csv:3: field 'at': 4 is before 5 on line 2 (rows must be in non-decreasing 'at' order)", order.getMessage());
        final ElementFileException unused = assertThrows(ElementFileException.class,
                () -> rows("at,channel,kind,key,ts,value\n0,0,E,k,,\n"));
        assertEquals("elements.csv:2: field 'key': must be empty in an E row, got 'k'", unused.getMessage());
    }

    @Test
    void aHeaderWithoutAColumnIsRefusedBeforeAnyRow() {
        final ElementFileException error = assertThrows(ElementFileException.class, () -> reader("at,channel,kind,key,ts\n"));
        assertEquals("elements.csv:1: field 'value': missing from the header (the header must name at,channel,kind,key,ts,value)",
                error.getMessage());
        assertEquals("elements.csv: the element file is empty; it needs the header at,channel,kind,key,ts,value",
                assertThrows(ElementFileException.class, () -> reader("")).getMessage());
    }
}
