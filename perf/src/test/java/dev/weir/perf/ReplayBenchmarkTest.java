package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The replay benchmark's main runs end to end on a tiny capture in one round and prints its table; bad options
 * and bad captures (missing, not a capture, not MoldUDP64, without messages) give one line naming the option or
 * the file, and status 2. No figure is checked: timing is not asserted.
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
        assertBadCapture(missing, missing + ": cannot read");
    }

    @Test
    void aFileThatIsNoCaptureIsNamed() throws IOException, InterruptedException {
        final Path text = Files.writeString(directory.resolve("notes.pcap"), "not a capture at all\n");
        assertBadCapture(text, text + ": offset 0 (packet 1): not a capture: magic 0x6e6f7420");
    }

    @Test
    void aDatagramThatIsNotMoldUdp64IsNamedWithItsPacket() throws InterruptedException {
        final Path file = directory.resolve("statsd.pcap");
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.of(false, true))) {
            final UnsafeBuffer payload = new UnsafeBuffer("hits:1|c".getBytes(StandardCharsets.US_ASCII));
            writer.datagram(1_000, 0x0A000001, 9_000, 0x0A000002, 8_125, payload, 0, payload.capacity());
        }
        assertBadCapture(file, file + ": offset 24 (packet 1): not a MoldUDP64 payload: at payload offset 8: payload of 8 bytes is"
                + " shorter than the 20-byte MoldUDP64 header");
    }

    @Test
    void aCaptureWithoutMessagesIsNamed() throws InterruptedException {
        final Path file = directory.resolve("heartbeat.pcap");
        try (ItchCapture capture = new ItchCapture(file)) {
            capture.send(34_200_000);
        }
        assertBadCapture(file, file + ": no ITCH messages in the capture's MoldUDP64 datagrams");
    }

    private void assertBadCapture(final Path file, final String message) throws InterruptedException {
        assertEquals(2, run("--file=" + file, "--tshark=no"));
        final String error = err.toString(StandardCharsets.UTF_8);
        assertTrue(error.startsWith("perf/run replay: " + message), error);
        assertEquals(1, error.lines().count(), error);
        assertFalse(error.contains("Exception"), error);
    }
}
