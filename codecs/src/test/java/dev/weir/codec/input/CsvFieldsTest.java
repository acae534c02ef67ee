package dev.weir.codec.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The one field rule of element and record files, and the bounded quoting of bad input. */
class CsvFieldsTest {
    static Stream<Arguments> lines() {
        return Stream.of(
                Arguments.of("a,1,2", List.of("a", "1", "2")),
                Arguments.of(" a , 1 ,\t2\t", List.of("a", "1", "2")),
                Arguments.of("\" a \",1,2", List.of(" a ", "1", "2")),
                Arguments.of("\"a,b\",1,2", List.of("a,b", "1", "2")),
                Arguments.of("\"say \"\"hi\"\"\",1,2", List.of("say \"hi\"", "1", "2")),
                Arguments.of("  \"q\"  ,1,2", List.of("q", "1", "2")),
                Arguments.of("a b,1,2", List.of("a b", "1", "2")),
                Arguments.of(",,", List.of("", "", "")),
                Arguments.of("", List.of("")),
                Arguments.of("\"\",1", List.of("", "1")),
                Arguments.of("ключ,日本,😀", List.of("ключ", "日本", "😀")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("lines")
    void splitsAtCommasDropsBlanksAroundFieldsAndKeepsQuotedTextAsIs(final String line, final List<String> fields) {
        assertEquals(fields, CsvFields.split(line, 3));
    }

    static Stream<Arguments> badQuotes() {
        return Stream.of(
                Arguments.of("a,\"b,1", 1, "unterminated quoted field"),
                Arguments.of("\"a\"x,1,2", 0, "text after the closing quote"),
                Arguments.of("a,1,2\"", 2, "a quote inside an unquoted field (quote the whole field and double the quote)"),
                Arguments.of("a\"b\",1,2", 0, "a quote inside an unquoted field (quote the whole field and double the quote)"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("badQuotes")
    void wrongQuotesNameTheField(final String line, final int field, final String reason) {
        final CsvQuoteException error = assertThrows(CsvQuoteException.class, () -> CsvFields.split(line, 3));
        assertEquals(field, error.field());
        assertEquals(reason, error.getMessage());
    }

    @Test
    void blankAndCommentLinesAreSkippedAndNoOthers() {
        for (final String skipped : List.of("", " ", "\t \t", "#", "# note", "#,1,2")) {
            assertTrue(CsvFields.isSkipped(skipped), skipped);
        }
        for (final String kept : List.of("a", " #a", ",", "a,1,2", "\"#\",1,2")) {
            assertFalse(CsvFields.isSkipped(kept), kept);
        }
    }

    @Test
    void quotedTextIsCutAt200CharactersWithAnEllipsis() {
        assertEquals("'abc'", QuotedText.of("abc"));
        assertEquals("''", QuotedText.of(""));
        assertEquals("'" + "x".repeat(200) + "'", QuotedText.of("x".repeat(200)));
        assertEquals("'" + "x".repeat(200) + "…'", QuotedText.of("x".repeat(201)));
        assertEquals("y".repeat(200) + "…", QuotedText.excerpt("y".repeat(1 << 20)));
    }

    @Test
    void quotedTextEscapesInvisibleCharactersAndKeepsVisibleOnes() {
        assertEquals("'a\\u001b[31mred'", QuotedText.of("a\u001b[31mred"));
        assertEquals("'\\u0000\\u0000'", QuotedText.of("\0\0"));
        assertEquals("'a\\tb\\u000bc\\rd'", QuotedText.of("a\tb\u000bc\rd"));
        assertEquals("'\\u007f\\u0085'", QuotedText.of("\u007f\u0085"));
        assertEquals("\\ufeffat", QuotedText.excerpt("\ufeffat"));
        assertEquals("'ü 日本 😀 \"x\"'", QuotedText.of("ü 日本 😀 \"x\""));
        assertEquals("'" + "\\u0007".repeat(200) + "…'", QuotedText.of("\u0007".repeat(300)));
    }

    @Test
    void quotedTextNeverSplitsACharacterOfTwoChars() {
        final String text = "x".repeat(199) + "😀" + "tail";
        assertEquals("'" + "x".repeat(199) + "…'", QuotedText.of(text));
    }
}
