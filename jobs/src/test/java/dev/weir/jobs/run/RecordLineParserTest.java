package dev.weir.jobs.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.pipelines.record.ScenarioRecord;
import java.io.StringReader;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Record lines follow the element files' field rule: blanks around fields dropped, quotes kept out of keys. */
class RecordLineParserTest {
    private final RecordLineParser parser = new RecordLineParser(JobFileParser.parse("job.yaml", new StringReader(
            "watermarks:\n  strategy: monotonous\nwindow:\n  type: tumbling\n  size: 100\n")));

    static Stream<Arguments> keys() {
        return Stream.of(
                Arguments.of("a,1,2", "a"),
                Arguments.of(" a ,1,2", "a"),
                Arguments.of("\ta\t, 1 , 2 ", "a"),
                Arguments.of("\"a\",1,2", "a"),
                Arguments.of("\" a \",1,2", " a "),
                Arguments.of("\"a,b\",1,2", "a,b"),
                Arguments.of("AAPL US,1,2", "AAPL US"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void keysFollowTheSharedFieldRule(final String line, final String key) {
        final ScenarioRecord record = parser.parse(line);
        assertEquals(key, record.key());
        assertEquals(1, record.timestamp());
        assertEquals(2, record.value());
    }

    @Test
    void headerCommentsAndBlankLinesAreSkipped() {
        assertNull(parser.parse("key,ts,value"));
        assertNull(parser.parse(" key , ts , value "));
        assertNull(parser.parse("# note"));
        assertNull(parser.parse("   "));
        assertNull(parser.parse(""));
    }

    static Stream<Arguments> badLines() {
        return Stream.of(
                Arguments.of("a,1", null, "expected 3 fields key,ts,value, got 2: 'a,1'"),
                Arguments.of("a,1,2,3", null, "expected 3 fields key,ts,value, got 4: 'a,1,2,3'"),
                Arguments.of(" ,1,2", "key", "empty"),
                Arguments.of("\"\",1,2", "key", "empty"),
                Arguments.of("a,two,2", "ts", "not an integer: 'two'"),
                Arguments.of("a,1,9223372036854775808", "value", "not an integer: '9223372036854775808'"),
                Arguments.of("\"a,1,2", "key", "unterminated quoted field"),
                Arguments.of("a,1\",2", "ts", "a quote inside an unquoted field (quote the whole field and double the quote)"),
                Arguments.of("a,1," + "9".repeat(1000), "value", "not an integer: '" + "9".repeat(200) + "…'"),
                Arguments.of("x".repeat(500), null, "expected 3 fields key,ts,value, got 1: '" + "x".repeat(200) + "…'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badLines")
    void aBadLineNamesTheFieldAndQuotesAtMost200Characters(final String line, final String field, final String reason) {
        final RecordFieldException error = assertThrows(RecordFieldException.class, () -> parser.parse(line));
        assertEquals(field, error.field());
        assertEquals(reason, error.reason());
    }
}
