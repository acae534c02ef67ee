package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir replay}: the README's main command prints what the README shows and the same bytes twice; the
 * formats, the output file and the filter; a job file over a capture; bad captures and options are one line
 * with exit code 2, and a capture cut short is a warning with exit code 0.
 */
class ReplayCommandTest {
    @TempDir
    Path dir;

    private static Path root() {
        final String root = System.getProperty("weir.repo.root");
        if (root == null || root.isBlank()) {
            fail("system property weir.repo.root is not set: run the tests through Maven");
        }
        return Paths.get(root).toAbsolutePath().normalize();
    }

    private static String sample() {
        return root().resolve("examples/replay/itch-sample.pcap").toString();
    }

    /** The lines of the README's block after its main command's description, up to the "..." line. */
    private static List<String> readmeOutput() throws IOException {
        final List<String> readme = Files.readAllLines(root().resolve("README.md"));
        final int start = readme.indexOf("symbol,window_start,open,high,low,close,volume,trades");
        assertTrue(start > 0, "the README shows the main command's output");
        final List<String> shown = new ArrayList<>();
        for (int i = start; !readme.get(i).equals("..."); i++) {
            shown.add(readme.get(i));
        }
        return shown;
    }

    @Test
    void theReadmeCommandPrintsWhatTheReadmeShowsAndTheSameBytesTwice() throws IOException {
        final CommandRun first = CommandRun.of("replay", "--pipeline", "ohlcv", sample());
        assertEquals(0, first.exitCode(), first::describe);
        final List<String> shown = readmeOutput();
        assertEquals(shown, first.outLines().subList(0, shown.size()));
        assertEquals(157, first.outLines().size(), "a header and 156 bars");
        assertTrue(first.err().contains("weir replay: ohlcv: 7,782 packets, 7,782 datagrams replayed"), first::describe);
        final CommandRun second = CommandRun.of("replay", "--pipeline", "ohlcv", sample());
        assertEquals(first.out(), second.out());
    }

    @Test
    void theFormatsShowTheSameRows() {
        final List<String> csv = CommandRun.of("replay", "--pipeline", "ohlcv", sample()).outLines();
        final List<String> jsonl = CommandRun.of("replay", "--pipeline", "ohlcv", "--format", "jsonl", sample()).outLines();
        final List<String> lines = CommandRun.of("replay", "--pipeline", "ohlcv", "--format", "lines", sample()).outLines();
        final String[] columns = csv.get(0).split(",");
        assertEquals(csv.size() - 1, jsonl.size());
        assertEquals(csv.size() - 1, lines.size());
        for (int i = 1; i < csv.size(); i++) {
            final String[] values = csv.get(i).split(",");
            final StringBuilder json = new StringBuilder("{");
            final StringBuilder pairs = new StringBuilder();
            for (int c = 0; c < columns.length; c++) {
                json.append(c > 0 ? "," : "").append('"').append(columns[c]).append("\":")
                        .append(c == 0 ? "\"" + values[c] + "\"" : values[c]);
                pairs.append(c > 0 ? " " : "").append(columns[c]).append('=').append(values[c]);
            }
            assertEquals(json.append('}').toString(), jsonl.get(i - 1));
            assertEquals(pairs.toString(), lines.get(i - 1));
        }
    }

    @Test
    void anOutputFileHoldsTheRowsAndTheFilterSelectsByPort() throws IOException {
        final Path out = dir.resolve("bars.csv");
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", "--output", out.toString(), "--port", "26400", sample());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals("", run.out());
        assertEquals(CommandRun.of("replay", "--pipeline", "ohlcv", sample()).outLines(), Files.readAllLines(out));
        final CommandRun otherPort = CommandRun.of("replay", "--pipeline", "ohlcv", "--port", "26401", sample());
        assertEquals(List.of("symbol,window_start,open,high,low,close,volume,trades"), otherPort.outLines(), otherPort::describe);
        assertTrue(otherPort.err().contains(", 7,782 filtered out)"), otherPort::describe);
    }

    @Test
    void aJobFileWindowsTheDecodedTrades() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), "watermarks:\n  strategy: bounded-out-of-orderness\n"
                + "  maxOutOfOrderness: 0\n  interval: 200\nwindow:\n  type: tumbling\n  size: 60000\n");
        final CommandRun run = CommandRun.of("replay", "--job", job.toString(), "--decoder", "itch", sample());
        assertEquals(0, run.exitCode(), run::describe);
        // the same trades, summed per symbol over the minute: the bars' volumes and counts added up
        final List<String> bars = CommandRun.of("replay", "--pipeline", "ohlcv", sample()).outLines();
        final java.util.Map<String, long[]> perSymbol = new java.util.TreeMap<>();
        for (final String bar : bars.subList(1, bars.size())) {
            final String[] values = bar.split(",");
            final long[] totals = perSymbol.computeIfAbsent(values[0] + " " + (Long.parseLong(values[1]) / 60_000 * 60_000), k -> new long[2]);
            totals[0] += Long.parseLong(values[7]);
            totals[1] += Long.parseLong(values[6]);
        }
        final List<String> fired = new ArrayList<>();
        for (final String line : run.outLines()) {
            if (line.startsWith("FIRE ")) {
                final String[] fields = line.split(" ");
                final long start = Long.parseLong(fields[2].substring("window=[".length(), fields[2].indexOf(',')));
                fired.add(fields[1].substring(4) + " " + start + " " + fields[3].substring(6) + " " + fields[4].substring(4));
            }
        }
        fired.sort(null);
        final List<String> expected = new ArrayList<>();
        perSymbol.forEach((key, totals) -> expected.add(key + " " + totals[0] + " " + totals[1]));
        assertEquals(expected, fired);
        assertEquals("# lateDropped=0", run.outLines().get(run.outLines().size() - 1));
    }

    @Test
    void aFileThatIsNoCaptureIsOneLineWithItsOffsetAndExitTwo() throws IOException {
        final Path notes = Files.writeString(dir.resolve("notes.pcap"), "these are notes, not packets\n");
        CommandRun.of("replay", "--pipeline", "ohlcv", notes.toString()).assertBadInput(notes + ": offset 0 (packet 1): not a capture:"
                + " magic 0x74686573 is neither pcap (0xa1b2c3d4, 0xa1b23c4d, either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages");
    }

    @Test
    void aCorruptRecordStopsTheReplayAfterTheRowsBeforeIt() throws IOException {
        final byte[] bytes = Files.readAllBytes(Path.of(sample()));
        // the 3,000th record's captured length becomes absurd: the records before it are replayed
        int at = 24;
        for (int record = 1; record < 3_000; record++) {
            at += 16 + (bytes[at + 8] & 0xff | (bytes[at + 9] & 0xff) << 8 | (bytes[at + 10] & 0xff) << 16);
        }
        final byte[] corrupt = Arrays.copyOf(bytes, bytes.length);
        corrupt[at + 11] = 0x7f;
        final Path file = Files.write(dir.resolve("corrupt.pcap"), corrupt);
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", file.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + file + ": offset " + at + " (packet 3000): corrupt record header: captured length "
                + ((0x7fL << 24) | (bytes[at + 8] & 0xff | (bytes[at + 9] & 0xff) << 8 | (bytes[at + 10] & 0xff) << 16)) + " exceeds the file's snapshot length of 262144 bytes"),
                run.errLines(), run::describe);
        final List<String> all = CommandRun.of("replay", "--pipeline", "ohlcv", sample()).outLines();
        assertTrue(run.outLines().size() > 1, "bars fired before the fault are printed: " + run.describe());
        assertEquals(all.subList(0, run.outLines().size()), run.outLines());
        final CommandRun skipping = CommandRun.of("replay", "--pipeline", "ohlcv", "--skip-bad", file.toString());
        assertEquals(0, skipping.exitCode(), skipping::describe);
        assertTrue(skipping.err().contains("weir: warning: " + file + ": offset " + at + " (packet 3000): corrupt record header"),
                skipping::describe);
        assertTrue(skipping.err().contains("weir replay: faults: 0 bad payloads skipped, 1 files with a corrupt header, 0 files cut short"),
                skipping::describe);
    }

    @Test
    void aMoldPacketWhoseCountDoesNotFitItsPayloadStopsTheReplayWithItsOffset() throws IOException {
        final byte[] bytes = Files.readAllBytes(Path.of(sample()));
        final ByteBuffer file = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int record = 24;
        for (int packet = 1; packet < 999; packet++) {
            record += 16 + file.getInt(record + 8);
        }
        // record header, Ethernet, IPv4 and UDP headers, then the MoldUDP64 header's count at bytes 18-19
        final int payload = record + 16 + 14 + 20 + 8;
        final int payloadLength = file.getInt(record + 8) - 14 - 20 - 8;
        final int count = ByteBuffer.wrap(bytes).getShort(payload + 18) & 0xFFFF;
        ByteBuffer.wrap(bytes).putShort(payload + 18, (short) (count + 3));
        final Path bad = Files.write(dir.resolve("bad-count.pcap"), bytes);
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", bad.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + bad + ": offset " + (payload + payloadLength) + " (packet 999): message " + (count + 1) + " of "
                + (count + 3) + ": its length field runs past the payload's end (" + payloadLength + " bytes)"), run.errLines());
        final List<String> all = CommandRun.of("replay", "--pipeline", "ohlcv", sample()).outLines();
        assertTrue(run.outLines().size() > 1, run::describe);
        assertEquals(all.subList(0, run.outLines().size()), run.outLines());
    }

    @Test
    void aJobFileWindowsStatsdMetricsPerHostAndMetric() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), "watermarks:\n  strategy: bounded-out-of-orderness\n"
                + "  maxOutOfOrderness: 0\n  interval: 200\nwindow:\n  type: tumbling\n  size: 10000\n");
        final String capture = root().resolve("pipelines/src/test/resources/replay/statsd-small.pcap").toString();
        final CommandRun run = CommandRun.of("replay", "--job", job.toString(), "--decoder", "statsd", capture);
        assertEquals(0, run.exitCode(), run::describe);
        // every well-formed line is one record in one window: the FIRE counts add up to the lines less the malformed ones
        final List<String> keys = new ArrayList<>();
        long records = 0;
        for (final String line : run.outLines()) {
            if (line.startsWith("FIRE ")) {
                keys.add(line.split(" ")[1].substring(4));
                records += Long.parseLong(line.split(" ")[3].substring("count=".length()));
            }
        }
        final java.util.regex.Matcher decoded = java.util.regex.Pattern.compile("lines ([0-9,]+), .*malformed lines ([0-9,]+)")
                .matcher(run.err());
        assertTrue(decoded.find(), run::describe);
        assertEquals(Long.parseLong(decoded.group(1).replace(",", "")) - Long.parseLong(decoded.group(2).replace(",", "")), records);
        assertEquals(3_000 - 59, records, "the fixture's 3,000 lines, 59 of them malformed");
        assertTrue(keys.contains("127.0.0.1/web.requests"), keys.toString());
        assertTrue(keys.stream().allMatch(key -> key.matches("127\\.0\\.0\\.[1-4]/[a-z_.]+")), keys.toString());
        assertEquals("# lateDropped=0", run.outLines().get(run.outLines().size() - 1));
    }

    @Test
    void aCaptureCutShortIsAWarningAndExitZero() throws IOException {
        final byte[] bytes = Files.readAllBytes(Path.of(sample()));
        final Path cut = Files.write(dir.resolve("cut.pcap"), Arrays.copyOf(bytes, bytes.length - 50));
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", cut.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(run.errLines().get(0).startsWith("weir: warning: " + cut + ": offset "), run::describe);
        assertTrue(run.errLines().get(0).endsWith(": the capture ends inside a packet (cut short while it was written);"
                + " the complete packets before it were replayed"), run::describe);
        assertTrue(run.err().contains("weir replay: ohlcv: 7,781 packets"), run::describe);
    }

    @Test
    void badOptionsAndMissingFilesAreOneLineAndExitTwo() throws IOException {
        final String missing = dir.resolve("missing.pcap").toString();
        CommandRun.of("replay", "--pipeline", "ohlcv", missing).assertBadInput(missing + ": no such capture file");
        CommandRun.of("replay", "--pipeline", "ohlcv", dir.toString()).assertBadInput(dir + ": is a directory, not a capture file");
        assertUsage(CommandRun.of("replay", "--pipeline", "bars", sample()),
                "--pipeline: unknown pipeline 'bars' (ohlcv, vwap, statsd-percentiles, statsd-counters, silent-hosts, tca)");
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--format", "xml", sample()),
                "--format: unknown output format 'xml' (csv, jsonl or lines)");
        for (final String pace : List.of("fast", "x0", "x-2", "x2000000", "xNaN", "10", "x1e-300", "x1e-10", "x0.0009", "xInfinity", "X10")) {
            assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--pace", pace, sample()),
                    "--pace must be 'realtime' or 'xN' with N from 0.001 to 1000000 (x10, x0.5), got '" + pace + "'");
        }
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--port", "70000", sample()), "--port must be within 0..65535, got 70000");
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--address", "example.com", sample()),
                "--address must be an IPv4 or IPv6 address in digits (e.g. 233.54.12.111 or ff02::1), got 'example.com'");
        assertUsage(CommandRun.of("replay", sample()),
                "Missing required argument (specify one of these): (--pipeline=NAME | --job=JOB.yaml)");
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--job", "job.yaml", sample()),
                "--pipeline=NAME, --job=JOB.yaml are mutually exclusive (specify only one)");
        assertUsage(CommandRun.of("replay", "--job", "job.yaml", sample()), "--job needs --decoder itch or statsd (weir inspect names a capture's)");
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--decoder", "itch", sample()),
                "--decoder goes with --job; a pipeline has its own decoder");
    }

    private static void assertUsage(final CommandRun run, final String message) {
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals("weir: " + message, run.errLines().get(0), run::describe);
    }

    static String text(final Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
