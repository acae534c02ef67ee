package dev.weir.pipelines.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** The three output formats of a replay's rows, and the value kinds' exact text. */
class RowPrinterTest {
    private static final RowSchema BAR = RowSchema.of("symbol", "window_start", "open", "volume", "ratio");
    private static final ResultRow AAPL = row -> row.text("AAPL").number(34_200_000).fixed(1_901_200, 4).number(300).decimal(12.5);

    @Test
    void csvHasAHeaderAndCommaSeparatedValues() {
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, BAR);
        assertEquals("symbol,window_start,open,volume,ratio", printer.header());
        assertEquals("AAPL,34200000,190.1200,300,12.5", printer.line(AAPL));
    }

    @Test
    void jsonlNamesEveryFieldAndQuotesOnlyText() {
        final RowPrinter printer = new RowPrinter(OutputFormat.JSONL, BAR);
        assertNull(printer.header());
        assertEquals("{\"symbol\":\"AAPL\",\"window_start\":34200000,\"open\":190.1200,\"volume\":300,\"ratio\":12.5}", printer.line(AAPL));
    }

    @Test
    void linesAreNameValuePairs() {
        final RowPrinter printer = new RowPrinter(OutputFormat.LINES, BAR);
        assertNull(printer.header());
        assertEquals("symbol=AAPL window_start=34200000 open=190.1200 volume=300 ratio=12.5", printer.line(AAPL));
    }

    @Test
    void fixedPointValuesKeepExactlyTheirDecimals() {
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, RowSchema.of("a", "b", "c", "d", "e", "f", "g"));
        assertEquals("0.0000,0.0005,-0.0005,12.0120,-190.1200,5,-922337203685477.5808", printer.line(row -> row.fixed(0, 4).fixed(5, 4)
                .fixed(-5, 4).fixed(120_120, 4).fixed(-1_901_200, 4).fixed(5, 0).fixed(Long.MIN_VALUE, 4)));
    }

    @Test
    void decimalsAreAsShortAsTheyReadBackAndNeverInExponents() {
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, RowSchema.of("a", "b", "c", "d", "e"));
        assertEquals("12,0.001,-3.25,123456789012345680000,0.00000001", printer.line(row -> row.decimal(12.0).decimal(0.001)
                .decimal(-3.25).decimal(1.2345678901234568e20).decimal(1e-8)));
        assertThrows(IllegalArgumentException.class, () -> printer.line(row -> row.decimal(Double.NaN)));
    }

    @Test
    void textIsQuotedWhereTheFormatNeedsIt() {
        final RowSchema schema = RowSchema.of("host", "metric");
        final ResultRow odd = row -> row.text("10.0.0.1").text("a,b \"c\"\n");
        assertEquals("10.0.0.1,\"a,b \"\"c\"\"\\n\"", new RowPrinter(OutputFormat.CSV, schema).line(odd));
        assertEquals("{\"host\":\"10.0.0.1\",\"metric\":\"a,b \\\"c\\\"\\n\"}", new RowPrinter(OutputFormat.JSONL, schema).line(odd));
        assertEquals("{\"host\":\"\\u0001\",\"metric\":\"\\\\\"}", new RowPrinter(OutputFormat.JSONL, schema)
                .line(row -> row.text("\u0001").text("\\")));
    }

    @Test
    void controlCharactersFromACaptureAreEscapedInCsvAndLines() {
        final RowSchema schema = RowSchema.of("symbol", "volume");
        final ResultRow clears = row -> row.text("\u001b[2JAAPL").number(5);
        assertEquals("\\x1b[2JAAPL,5", new RowPrinter(OutputFormat.CSV, schema).line(clears));
        assertEquals("symbol=\\x1b[2JAAPL volume=5", new RowPrinter(OutputFormat.LINES, schema).line(clears));
        assertEquals("{\"symbol\":\"\\u001b[2JAAPL\",\"volume\":5}", new RowPrinter(OutputFormat.JSONL, schema).line(clears));
        final ResultRow breaks = row -> row.text("MS\nFT\r\t\u0000\u007f\u009b\\x").number(1);
        assertEquals("symbol=MS\\nFT\\r\\t\\x00\\x7f\\x9b\\\\x volume=1", new RowPrinter(OutputFormat.LINES, schema).line(breaks));
        assertEquals("MS\\nFT\\r\\t\\x00\\x7f\\x9b\\\\x,1", new RowPrinter(OutputFormat.CSV, schema).line(breaks));
        // a quoted csv field is escaped too, its quotes doubled
        assertEquals("\"A,\"\"B\"\"\\n\",1", new RowPrinter(OutputFormat.CSV, schema).line(row -> row.text("A,\"B\"\n").number(1)));
        assertEquals("ÄPFEL \u00a0,1", new RowPrinter(OutputFormat.CSV, schema).line(row -> row.text("ÄPFEL \u00a0").number(1)));
    }

    @Test
    void aDecimalOfAnySizePrintsInFull() {
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, RowSchema.of("a", "b", "c", "d"));
        assertEquals("358" + "0".repeat(306) + ",2,3.3333333333333335,-0.5", printer.line(row -> row.decimal(new BigDecimal("3.58E+308"))
                .decimal(BigDecimal.valueOf(2.0)).decimal(BigDecimal.valueOf(10.0 / 3)).decimal(new BigDecimal("-0.50"))));
        for (final double value : new double[] {0, -0.0, 12, 12.5, 0.001, 1e15, 1e20, -7.25e-9, Long.MAX_VALUE}) {
            final RowPrinter viaDouble = new RowPrinter(OutputFormat.CSV, RowSchema.of("v"));
            final RowPrinter viaDecimal = new RowPrinter(OutputFormat.CSV, RowSchema.of("v"));
            assertEquals(viaDouble.line(row -> row.decimal(value)), viaDecimal.line(row -> row.decimal(BigDecimal.valueOf(value))),
                    Double.toString(value));
        }
    }

    @Test
    void textLinesArePrintedAsTheyAreInEveryFormat() {
        for (final OutputFormat format : OutputFormat.values()) {
            final RowPrinter printer = new RowPrinter(format, RowSchema.textLines());
            assertNull(printer.header(), format.name());
            assertEquals("FIRE key=AAPL window=[0,5000) count=2", printer.line(row -> row.text("FIRE key=AAPL window=[0,5000) count=2")));
        }
    }

    @Test
    void aRowMustWriteOneValuePerColumn() {
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, RowSchema.of("a", "b"));
        assertEquals("a row wrote 1 values for 2 columns [a, b]",
                assertThrows(IllegalStateException.class, () -> printer.line(row -> row.number(1))).getMessage());
        assertEquals("a row wrote more values than its 2 columns [a, b]",
                assertThrows(IllegalStateException.class, () -> printer.line(row -> row.number(1).number(2).number(3))).getMessage());
    }

    @Test
    void formatsAreNamedOnTheCommandLineInLowerCaseOnly() {
        assertEquals(OutputFormat.JSONL, OutputFormat.named("jsonl"));
        assertEquals("unknown output format 'JSONL' (csv, jsonl or lines)",
                assertThrows(IllegalArgumentException.class, () -> OutputFormat.named("JSONL")).getMessage());
        assertEquals("csv", OutputFormat.CSV.optionName());
        assertEquals("unknown output format 'xml' (csv, jsonl or lines)",
                assertThrows(IllegalArgumentException.class, () -> OutputFormat.named("xml")).getMessage());
    }
}
