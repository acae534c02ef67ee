package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The replay benchmark's main runs end to end on a tiny capture in one round and prints its table, and bad
 * options or an unreadable capture give one line and status 2. No figure is checked: timing is not asserted.
 */
final class ReplayBenchmarkTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path directory;

    private int run(final String... args) throws InterruptedException {
        return ReplayBenchmark.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aTinyRoundPrintsTheTable() throws InterruptedException {
        assertEquals(0, run("--messages=20000", "--symbols=10", "--rate=5000", "--seed=3", "--runs=1", "--warmup-runs=0"), err::toString);
        final String report = out.toString(StandardCharsets.UTF_8);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertTrue(report.startsWith("# Weir replay benchmark"), report);
        assertTrue(report.contains("\ncapture: ") && report.contains(" 20,000 ITCH messages, "), report);
        assertTrue(report.contains("replay-itch-20000-messages-10-symbols-5000-rate-seed-3.pcap"), report);
        assertTrue(report.contains("\n  run 1: Weir "), report);
        assertTrue(report.contains("\nsystem ") && report.contains("median msg/s") && report.contains("B/msg steady"), report);
        assertTrue(report.contains("\nWeir replay, ohlcv (ReplayRun) "), report);
        assertTrue(report.contains("\nbaseline: single-thread loop, Agrona maps "), report);
        assertTrue(report.contains("\nresults: identical messages, trades and bars in every run\n"), report);
        assertTrue(report.contains("\ntarget: Weir at "), report);
        assertTrue(report.contains("\ntshark -r FILE -q, once") || report.contains("\ntshark: not on the PATH"), report);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--records=5|unknown option --records",
        "--runs=0|--runs must be at least 1, got 0",
        "--warmup-runs=-1|--warmup-runs must be at least 0, got -1",
        "--messages=ten|--messages must be a whole number, got 'ten'",
        "--symbols=0|--symbols: 0 is not within 1..",
        "--tshark=yes|--tshark must be auto or no, got 'yes'",
        "runs=1|expected --name=value, got 'runs=1'"})
    void badOptionsAreOneLineWithStatusTwo(final String option, final String message) throws InterruptedException {
        assertEquals(2, run(option));
        final String error = err.toString(StandardCharsets.UTF_8);
        assertTrue(error.startsWith("perf/run replay: " + message), error);
        assertEquals(1, error.lines().count(), error);
        assertFalse(error.contains("Exception"), error);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aMissingCaptureIsNamed() throws InterruptedException {
        final Path missing = directory.resolve("missing.pcap");
        assertEquals(2, run("--file=" + missing, "--tshark=no"));
        final String error = err.toString(StandardCharsets.UTF_8);
        assertTrue(error.startsWith("perf/run replay: " + missing + ": cannot read"), error);
        assertEquals(1, error.lines().count(), error);
        assertFalse(error.contains("Exception"), error);
    }
}
