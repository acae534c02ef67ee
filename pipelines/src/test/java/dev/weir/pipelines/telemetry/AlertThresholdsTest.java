package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The threshold file of {@code statsd-alerts}: what it holds, and each fault named by file, line and field. */
class AlertThresholdsTest {
    @TempDir
    Path dir;

    @Test
    void aFileGivesEachSeriesItsThreshold() {
        final AlertThresholds thresholds = AlertThresholds.parse("t.csv", List.of("# comment", "", "host,metric,p99_threshold",
                "10.0.0.1, api.latency , 250", "\"10.0.0.1\",\"a,b\",1e3", "10.0.0.2,api.latency,0.5"));
        assertEquals(3, thresholds.size());
        assertEquals(250, thresholds.of("10.0.0.1", "api.latency"));
        assertEquals(1000, thresholds.of("10.0.0.1", "a,b"));
        assertEquals(0.5, thresholds.of("10.0.0.2", "api.latency"));
        assertEquals(Double.NaN, thresholds.of("10.0.0.2", "a,b"));
        assertEquals(Double.NaN, thresholds.of("10.0.0.3", "api.latency"));
        // the lines the table stream of the pipeline emits, in the file's order
        assertEquals(List.of(new ThresholdLine("10.0.0.1", "api.latency", 250), new ThresholdLine("10.0.0.1", "a,b", 1000),
                new ThresholdLine("10.0.0.2", "api.latency", 0.5)), thresholds.lines());
    }

    @Test
    void eachFaultNamesFileLineAndField() throws Exception {
        assertFault("t.csv:1: the header must be 'host,metric,p99_threshold', got 'host,metric'", "host,metric");
        assertFault("t.csv: is empty; it starts with the header 'host,metric,p99_threshold'", "# nothing");
        assertFault("t.csv:3: has 2 fields; a line is host,metric,p99_threshold", "# c", "host,metric,p99_threshold", "a,b");
        assertFault("t.csv:2: field 'host': is empty", "host,metric,p99_threshold", ",m,1");
        assertFault("t.csv:2: field 'metric': is empty", "host,metric,p99_threshold", "h,,1");
        assertFault("t.csv:2: field 'p99_threshold': is empty", "host,metric,p99_threshold", "h,m,");
        assertFault("t.csv:2: field 'p99_threshold': 'x' is not a number", "host,metric,p99_threshold", "h,m,x");
        assertFault("t.csv:2: field 'p99_threshold': '-1' is not a finite number of at least 0", "host,metric,p99_threshold", "h,m,-1");
        assertFault("t.csv:2: field 'p99_threshold': 'NaN' is not a finite number of at least 0", "host,metric,p99_threshold", "h,m,NaN");
        assertFault("t.csv:2: field 'p99_threshold': '1d' is not a finite number of at least 0", "host,metric,p99_threshold", "h,m,1d");
        assertFault("t.csv:3: field 'metric': host h and metric 'm' have a threshold on an earlier line already",
                "host,metric,p99_threshold", "h,m,1", "h,m,2");
        assertEquals("t.csv:2: field 'metric': a quote inside an unquoted field (quote the whole field and double the quote)",
                assertThrows(ThresholdFileException.class, () -> AlertThresholds.parse("t.csv",
                        List.of("host,metric,p99_threshold", "h,m\"x,1"))).getMessage());
        final Path missing = dir.resolve("missing.csv");
        assertEquals(missing + ": no such threshold file",
                assertThrows(ThresholdFileException.class, () -> AlertThresholds.read(missing)).getMessage());
        final Path latin = dir.resolve("latin.csv");
        Files.write(latin, "host,metric,p99_threshold\nh,caf\u00e9,1\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(latin + ": is not UTF-8", assertThrows(ThresholdFileException.class, () -> AlertThresholds.read(latin)).getMessage());
    }

    private static void assertFault(final String message, final String... lines) {
        assertEquals(message, assertThrows(ThresholdFileException.class, () -> AlertThresholds.parse("t.csv", List.of(lines))).getMessage());
    }
}
