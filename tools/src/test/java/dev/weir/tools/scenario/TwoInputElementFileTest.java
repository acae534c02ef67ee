package dev.weir.tools.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.engines.elements.ElementFileException;
import dev.weir.engines.elements.ElementFileReader;
import dev.weir.engines.elements.ElementRow;
import dev.weir.source.LineReader;
import dev.weir.state.HeapStateBackend;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The element file of a two-input job (docs/scenarios.md, "Two inputs"): the {@code input} column, channels
 * numbered within each input, and every mistake named by file, line and field.
 */
class TwoInputElementFileTest {
    private static final String FILE = "elements.csv";
    private static final String HEADER = "at,input,channel,kind,key,ts,value\n";

    private static LineReader lines(final String text) {
        return LineReader.utf8(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), LineReader.DEFAULT_MAX_LINE_BYTES);
    }

    /** Each row as {@code line at input channel kind key ts value}. */
    private static List<String> rows(final String text) {
        final ElementFileReader reader = ElementFileReader.twoInputs(FILE, lines(text), 2, 1);
        final List<String> rows = new ArrayList<>();
        for (ElementRow row = reader.next(); row != null; row = reader.next()) {
            rows.add(row.line() + " " + row.atMillis() + " " + row.input().id() + " " + row.channel() + " " + row.kind() + " "
                    + row.key() + " " + row.timestamp() + " " + row.value());
        }
        return rows;
    }

    private static String error(final String text) {
        return assertThrows(ElementFileException.class, () -> rows(text)).getMessage();
    }

    @Test
    void rowsNameTheirInputAndAChannelOfIt() {
        assertEquals(List.of("2 0 left 0 R k1 1000 5", "3 10 right 0 R k1 1050 7", "5 700 right 0 W null 1500 0", "6 900 left 1 I null 0 0",
                "7 3000 left 1 E null 0 0"),
                rows(HEADER + "0,left,0,R,k1,1000,5\n10,right,0,R,k1,1050,7\n# a comment\n700,right,0,W,,1500,\n900,left,1,I,,,\n"
                        + "3000,left,1,E,,,\n"));
    }

    @Test
    void columnsMayComeInAnyOrder() {
        assertEquals(List.of("2 5 right 0 R a 7 1"), rows("input,at,channel,kind,key,ts,value\nright,5,0,R,a,7,1\n"));
    }

    @Test
    void theInputMustBeLeftOrRight() {
        assertEquals("elements.csv:2: field 'input': 'middle' is not an input (left or right)", error(HEADER + "0,middle,0,R,k,1,1\n"));
        assertEquals("elements.csv:2: field 'input': 'Left' is not an input (left or right)", error(HEADER + "0,Left,0,R,k,1,1\n"));
        assertEquals("elements.csv:2: field 'input': missing: a row names its input, left or right", error(HEADER + "0,,0,R,k,1,1\n"));
    }

    @Test
    void channelsAreNumberedWithinEachInput() {
        assertEquals("elements.csv:3: field 'channel': 1 is not a channel of input right (channels: 0..0)",
                error(HEADER + "0,left,1,R,k,1,1\n0,right,1,R,k,1,1\n"));
        assertEquals("elements.csv:2: field 'channel': 2 is not a channel of input left (channels: 0..1)", error(HEADER + "0,left,2,E,,,\n"));
    }

    @Test
    void theHeaderOfATwoInputJobNeedsTheInputColumn() {
        assertEquals("elements.csv:1: field 'input': missing from the header (the header must name at,input,channel,kind,key,ts,value)"
                + " (a two-input job's rows name their input: left or right)", error("at,channel,kind,key,ts,value\n0,0,R,k,1,1\n"));
        assertEquals("elements.csv:2: expected 7 fields (at,input,channel,kind,key,ts,value), found 6", error(HEADER + "0,0,R,k,1,1\n"));
        assertEquals("elements.csv: the element file is empty; it needs the header at,input,channel,kind,key,ts,value", error(""));
    }

    @Test
    void aOneInputJobsFileHasNoInputColumn() {
        final ElementFileException error = assertThrows(ElementFileException.class,
                () -> new ElementFileReader(FILE, lines(HEADER + "0,left,0,R,k,1,1\n"), 1));
        assertEquals("elements.csv:1: field 'input': unknown column (the header must name at,channel,kind,key,ts,value) (only a two-input"
                + " job, one with an 'inputs' section, has an input column)", error.getMessage());
    }

    @Test
    void aOneInputJobsRowsHaveNoInput() {
        final ElementFileReader reader = new ElementFileReader(FILE, lines("at,channel,kind,key,ts,value\n0,0,R,k,1,1\n"), 1);
        assertNull(reader.next().input());
    }

    @Test
    void theOtherRowRulesStayAsForOneInput() {
        assertEquals("elements.csv:3: field 'at': 5 is before 10 on line 2 (rows must be in non-decreasing 'at' order)",
                error(HEADER + "10,left,0,R,k,1,1\n5,right,0,R,k,1,1\n"));
        assertEquals("elements.csv:2: field 'key': must be empty in an E row, got 'k'", error(HEADER + "0,right,0,E,k,,\n"));
        assertEquals("elements.csv:2: field 'ts': missing: a W row needs the watermark in 'ts'", error(HEADER + "0,right,0,W,,,\n"));
        assertEquals("elements.csv:2: field 'kind': 'X' is not a row kind (R, W, I, A or E)", error(HEADER + "0,left,0,X,,,\n"));
    }

    @Test
    void whereEachInputEndsIsPerChannelOfThatInput() {
        final String text = HEADER + "0,left,0,E,,,\n5,right,0,R,k,1,1\n6,left,1,R,k,1,1\n7,left,0,R,k,2,2\n";
        final String job = "inputs:\n  left: { channels: 2, watermarks: { strategy: explicit } }\n"
                + "  right: { watermarks: { strategy: explicit } }\n";
        final ElementFileException error = assertThrows(ElementFileException.class, () -> ScenarioRunner.runTwoInputs(
                JobFileParser.parse("job.yaml", new StringReader(job)), FILE, lines(text), line -> { }, note -> { },
                ScenarioRuntime.DETERMINISTIC, HeapStateBackend.INSTANCE, new OperatorLevelTwoInputJobGraph()));
        assertEquals("elements.csv:5: field 'channel': channel 0 of input left ended on line 2; no row may follow its E row", error.getMessage());
    }
}
