package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.jobs.inspect.CaptureInspector;
import dev.weir.jobs.inspect.InspectOptions;
import dev.weir.jobs.inspect.ReportJson;
import dev.weir.jobs.inspect.ReportText;
import dev.weir.pipelines.replay.CaptureProtocols;
import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir inspect}: prints the inspection report of its captures as text or JSON, passes --port and --decoder
 * on, warns about a capture cut short, and refuses bad captures, missing files and bad options with one line and exit
 * code 2, keeping what it printed for earlier files.
 */
class InspectCommandTest {
    /** 2026-11-30T09:30:00Z in ns. */
    private static final long NINE_THIRTY = (1_795_996_800L + 34_200) * 1_000_000_000L;

    @TempDir
    Path dir;

    /** Five StatsD datagrams, 10 ms apart, from 10.0.0.9:51000 to 10.0.0.1:8125. */
    private Path statsd(final String name) {
        final Path file = dir.resolve(name);
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAP_MICROSECONDS)) {
            for (int i = 0; i < 5; i++) {
                final byte[] bytes = ("requests:" + i + "|c\nlatency:" + i + "|ms\n").getBytes(StandardCharsets.US_ASCII);
                writer.datagram(NINE_THIRTY + i * 10_000_000L, 10 << 24 | 9, 51_000, 10 << 24 | 1, 8125, new UnsafeBuffer(bytes), 0, bytes.length);
            }
        }
        return file;
    }

    @Test
    void printsTheReportAsText() throws IOException {
        final Path first = statsd("first.pcap");
        final Path second = statsd("second.pcap");
        final CommandRun run = CommandRun.of("inspect", first.toString(), second.toString());

        assertEquals(0, run.exitCode(), run::describe);
        assertEquals("", run.err());
        assertEquals(ReportText.of(new CaptureInspector(InspectOptions.defaults()).inspect(List.of(first, second))), run.out());
        assertEquals("file " + first, run.outLines().get(0));
        assertTrue(run.outLines().contains("total of 2 files"), run::describe);
        final long frameBytes = 2 * (Files.size(second) - 24 - 5 * 16); // less the file header and the record headers
        assertTrue(run.outLines().contains("  packets     10 (" + frameBytes + " bytes captured, " + frameBytes + " on the wire)"), run::describe);
        assertTrue(run.outLines().contains("    10.0.0.9:51000 -> 10.0.0.1:8125  10 datagrams, " + 2 * 5 * "requests:0|c\nlatency:0|ms\n".length()
                + " payload bytes"), run::describe);
        // the second file starts over at the first file's times: its first events are 40 ms behind, read after the first file
        assertTrue(run.outLines().contains("  lateness    8 of 20 events behind an earlier event's time (capture times, ms)"), run::describe);
        assertTrue(run.outLines().contains("  suggestion  --out-of-orderness 40ms (job: maxOutOfOrderness: 40)"), run::describe);
    }

    @Test
    void printsTheSameReportAsOneJsonObject() {
        final Path file = statsd("one.pcap");
        final CommandRun run = CommandRun.of("inspect", "--format", "json", "--port", "8125", "--decoder", "itch", file.toString());

        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of(ReportJson.of(new CaptureInspector(InspectOptions.defaults().withPort(8125).withDecoder(CaptureProtocols.named("itch")))
                .inspect(List.of(file)))), run.outLines());
        assertTrue(run.out().startsWith("{\"files\":[{\"file\":\"" + file + "\""), run::describe);
        assertTrue(run.out().contains("\"port\":8125,\"payloads\":{\"decoder\":\"itch\",\"chosen\":true,"), run::describe);
    }

    @Test
    void warnsAboutACaptureCutShortAndCountsWhatCameBefore() throws IOException {
        final Path whole = statsd("whole.pcap");
        final byte[] bytes = Files.readAllBytes(whole);
        final Path cut = Files.write(dir.resolve("cut.pcap"), Arrays.copyOf(bytes, bytes.length - 10));
        final long lastRecord = bytes.length - (16 + 42 + "requests:4|c\nlatency:4|ms\n".length());

        final CommandRun run = CommandRun.of("inspect", cut.toString());

        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("weir: warning: " + cut + ": cut short at offset " + lastRecord
                + " (an incomplete last packet, ignored; the 4 packets before it are counted)"), run.errLines());
        assertTrue(run.outLines().contains("  packets     4 (" + (lastRecord - 24 - 4 * 16) + " bytes captured, " + (lastRecord - 24 - 4 * 16)
                + " on the wire)"), run::describe);
    }

    @Test
    void aFileThatIsNotACaptureIsBadInput() throws IOException {
        final Path text = Files.writeString(dir.resolve("notes.txt"), "hello");
        CommandRun.of("inspect", text.toString()).assertBadInput(text + ": offset 0 (packet 1): not a capture: magic 0x68656c6c is neither"
                + " pcap (0xa1b2c3d4, 0xa1b23c4d, either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages");
    }

    @Test
    void aCorruptLaterCaptureKeepsTheEarlierFilesOutput() throws IOException {
        final Path good = statsd("good.pcap");
        final Path bad = statsd("bad.pcap");
        final byte[] bytes = Files.readAllBytes(bad);
        bytes[24 + 8 + 3] = 0x7F; // the first record's captured length, little-endian: its top byte
        Files.write(bad, bytes);

        final CommandRun run = CommandRun.of("inspect", good.toString(), bad.toString());

        final long captured = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(24 + 8);
        run.assertBadInput(bad + ": offset 24 (packet 1): corrupt record header: captured length " + captured + " exceeds the file's snapshot length of 262144 bytes");
        assertEquals(ReportText.file(new CaptureInspector(InspectOptions.defaults()).inspect(List.of(good)).files().get(0)), run.out());
    }

    @Test
    void aMissingFileIsBadInputBeforeAnythingIsPrinted() {
        final Path good = statsd("good.pcap");
        final Path missing = dir.resolve("missing.pcap");
        final CommandRun run = CommandRun.of("inspect", good.toString(), missing.toString());
        run.assertBadInput(missing + ": no such capture file");
        assertEquals("", run.out());
        CommandRun.of("inspect", dir.toString()).assertBadInput(dir + ": is a directory, not a capture file");
    }

    @Test
    void badOptionsAreUsageErrors() {
        final Path file = statsd("one.pcap");
        for (final String[] args : List.of(new String[] {"--decoder", "csv"}, new String[] {"--format", "yaml"},
                new String[] {"--port", "70000"}, new String[] {"--port", "x"})) {
            final CommandRun run = CommandRun.of("inspect", args[0], args[1], file.toString());
            assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
            assertEquals(2, run.errLines().size(), run::describe);
            assertTrue(run.errLines().get(0).startsWith("weir: ") && run.errLines().get(0).contains(args[0]), run::describe);
            assertEquals("try 'weir inspect --help'", run.errLines().get(1));
            assertEquals("", run.out());
        }
        final CommandRun none = CommandRun.of("inspect");
        assertEquals(ExitCodes.BAD_INPUT, none.exitCode(), none::describe);
        assertFalse(none.err().contains("Exception"), none::describe);
    }

    @Test
    void aBadCaptureExitsWithCodeTwoFromARealProcess() throws Exception {
        final Path text = Files.writeString(dir.resolve("notes.txt"), "hello");
        final ChildWeir child = ChildWeir.start(dir, "inspect", "inspect", text.toString());
        assertEquals(ExitCodes.BAD_INPUT, child.awaitExit(60), child::stderrText);
        assertEquals(text + ": offset 0 (packet 1): not a capture: magic 0x68656c6c is neither pcap (0xa1b2c3d4, 0xa1b23c4d, either byte"
                + " order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages", child.stderrText().strip().substring("weir: ".length()));
        assertEquals("", Files.readString(child.stdout()));
    }
}
