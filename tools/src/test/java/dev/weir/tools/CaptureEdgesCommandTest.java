package dev.weir.tools;

import static dev.weir.tools.HostileCaptureBytes.frame;
import static dev.weir.tools.HostileCaptureBytes.itch;
import static dev.weir.tools.HostileCaptureBytes.mold;
import static dev.weir.tools.HostileCaptureBytes.pcap;
import static dev.weir.tools.HostileCaptureBytes.pcapng;
import static dev.weir.tools.HostileCaptureBytes.trade;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir replay} and {@code weir inspect} on the records and containers a capture can get wrong: a StatsD count
 * past the double range, a length past the snapshot length, a packet the snapshot length cut, simple packet blocks
 * without a timestamp, traffic the pipeline does not decode, control characters in a symbol, a file that is not a
 * capture. Each run asserts the exact lines on both streams.
 */
class CaptureEdgesCommandTest {
    /** 2023-11-14T22:13:20Z, a multiple of 10 s. */
    private static final long T0 = 1_700_000_000L;
    private static final String SUMMARY = "weir replay: ";

    @TempDir
    Path dir;

    private Path write(final String name, final byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    /** A pcap of StatsD datagrams, one a second from T0. */
    private Path statsd(final String... payloads) throws IOException {
        final HostileCaptureBytes bytes = pcap(65_535, 1);
        for (int i = 0; i < payloads.length; i++) {
            bytes.record(T0 + i, frame(payloads[i].getBytes(StandardCharsets.US_ASCII)));
        }
        return write("statsd.pcap", bytes.bytes());
    }

    /** stderr without the summary's timing line, which varies. */
    private static List<String> err(final CommandRun run) {
        return run.errLines().stream().filter(line -> !line.matches("weir replay: [0-9.]+ s, .*")).toList();
    }

    private static List<String> counters(final String first, final String... rest) {
        final List<String> lines = new ArrayList<>(List.of(first));
        lines.addAll(Arrays.asList(rest));
        return lines;
    }

    @Test
    void aCounterWhoseValueOverItsRateIsBeyondTheDoubleRangeIsAMalformedLineAndTheRunGoesOn() throws IOException {
        for (final String line : List.of("a:1e300|c|@1e-10", "a:5|c|@4.9e-324")) {
            final Path capture = statsd(line + "\nb:1|c", "b:2|c", "b:3|c");
            final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-counters", capture.toString());
            assertEquals(0, run.exitCode(), run::describe);
            assertEquals(List.of("host,metric,window_start,sum", "10.0.0.1,b," + T0 * 1000 + ",6"), run.outLines(), run::describe);
            // the line starts at byte 82 of the file: 24 + 16 (record header) + 42 (Ethernet, IPv4, UDP)
            assertEquals(counters("weir: warning: " + capture + ": packet 1, payload byte 0: counter's value divided by its sample rate"
                    + " is beyond the double range",
                    SUMMARY + "statsd-counters: 3 packets, 3 datagrams replayed (skipped: 0 not UDP, 0 fragments, 0 malformed, 0 unsupported"
                            + " link, 0 filtered out)",
                    SUMMARY + "decoded: datagrams 3, lines 4, counters (c) 3, gauges (g) 0, timers (ms) 0, histograms (h) 0,"
                            + " distributions (d) 0, sets (s) 0, malformed lines 1, hosts 1, series 1",
                    SUMMARY + "6 events, 1 rows, 1 windows fired, 0 late to side output, 0 late dropped"), err(run), run::describe);
        }
    }

    @Test
    void twoCountersOfAlmostTheLargestDoubleInOneWindowSumExactly() throws IOException {
        final Path capture = statsd("a:1.79e308|c", "a:1.79e308|c");
        final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-counters", capture.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("host,metric,window_start,sum", "10.0.0.1,a," + T0 * 1000 + ",358" + "0".repeat(306)), run.outLines(),
                run::describe);
        assertEquals(SUMMARY + "4 events, 1 rows, 1 windows fired, 0 late to side output, 0 late dropped", err(run).get(2), run::describe);
    }

    @Test
    void twoCountersOfAlmostTheLargestDoubleInOneWindowSumInFullAndLaterWindowsStillCome() throws IOException {
        final Path capture = statsd("a:1.79e308|c", "a:1.79e308|c", "a:1|c", "x:1|g", "x:1|g", "x:1|g", "x:1|g", "x:1|g", "x:1|g",
                "x:1|g", "a:2|c");
        final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-counters", capture.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("host,metric,window_start,sum", "10.0.0.1,a," + T0 * 1000 + ",358" + "0".repeat(305) + "1",
                "10.0.0.1,a," + (T0 + 10) * 1000 + ",2"), run.outLines(), run::describe);
        final CommandRun json = CommandRun.of("replay", "--pipeline", "statsd-counters", "--format", "jsonl", capture.toString());
        assertEquals("{\"host\":\"10.0.0.1\",\"metric\":\"a\",\"window_start\":" + T0 * 1000 + ",\"sum\":358" + "0".repeat(305) + "1}",
                json.outLines().get(0), json::describe);
    }

    @Test
    void aJobFileRecordRefusesAValueBeyond64BitsInsteadOfClampingIt() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), "watermarks:\n  strategy: bounded-out-of-orderness\n"
                + "  maxOutOfOrderness: 0\n  interval: 0\nwindow:\n  type: tumbling\n  size: 10000\n");
        final Path capture = statsd("a:5|c\na:1e19|c", "a:-9.3e18|g\na:9223372036854774784|c");
        final CommandRun run = CommandRun.of("replay", "--job", job.toString(), "--decoder", "statsd", capture.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("FIRE key=10.0.0.1/a window=[" + T0 * 1000 + "," + (T0 + 10) * 1000 + ") count=2 sum=9223372036854774789"
                + " elements=[" + T0 * 1000 + "," + (T0 + 1) * 1000 + "] wm=MAX", "# lateDropped=0"),
                run.outLines(), run::describe);
        final String beyond = "value beyond the 64-bit whole numbers of a job record (about 9.22e18)";
        assertEquals(List.of("weir: warning: " + capture + ": packet 1, payload byte 6: " + beyond,
                "weir: warning: " + capture + ": packet 2, payload byte 0: " + beyond), err(run).subList(0, 2), run::describe);
    }

    @Test
    void aStatsdPipelineOverItchTrafficSaysNothingDecodedAndWhatInspectGuesses() throws IOException {
        final HostileCaptureBytes bytes = pcap(65_535, 1);
        for (int i = 0; i < 3; i++) {
            bytes.record(T0 + i, frame(mold("SESSION001", i + 1, 1, trade(1_000_000_000L * (i + 1), 10, 1_000_000))));
        }
        final Path capture = write("itch.pcap", bytes.bytes());
        final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-counters", capture.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("host,metric,window_start,sum"), run.outLines(), run::describe);
        assertEquals("weir: warning: statsd-counters printed no rows from 3 datagrams; weir inspect guesses their payloads are"
                + " MoldUDP64/ITCH 5.0 (3 of 3 sampled payloads parse as MoldUDP64 (first session 'SESSION001') and 3 of their 3 messages"
                + " have an ITCH 5.0 type and its length)", run.errLines().stream().filter(l -> l.contains("printed no rows")).findFirst()
                .orElse(run.describe()));
    }

    @Test
    void aFileThatIsNotACaptureGetsNoHeaderBeforeItsError() throws IOException {
        final Path text = write("metrics.txt", "host:1|c\nhost:2|c\n".getBytes(StandardCharsets.US_ASCII));
        final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-counters", text.toString());
        run.assertBadInput(text + ": offset 0 (packet 1): not a capture: magic 0x686f7374 is neither pcap (0xa1b2c3d4, 0xa1b23c4d,"
                + " either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with length-prefixed ITCH 5.0 messages");
        assertEquals("", run.out(), run::describe);
    }

    @Test
    void aSymbolWithControlCharactersIsEscapedInCsvAndLines() throws IOException {
        final byte[] message = itch('P', 1_000_000_000L).int64(0).ascii("B").int32(10).ascii("\u001b[2J\nX,\"").int32(1_000_000).int64(1)
                .bytes();
        final Path capture = write("symbol.pcap", pcap(65_535, 1).record(T0, frame(mold("SESSION001", 1, 1, message))).bytes());
        final CommandRun csv = CommandRun.of("replay", "--pipeline", "vwap", capture.toString());
        assertEquals(0, csv.exitCode(), csv::describe);
        // vwap's sliding windows: the one trade is in 5 of them
        assertEquals(6, csv.outLines().size(), csv::describe);
        for (final String row : csv.outLines().subList(1, 6)) {
            assertEquals("\"\\x1b[2J\\nX,\"\"\",", row.substring(0, 16), csv::describe);
        }
        final CommandRun lines = CommandRun.of("replay", "--pipeline", "vwap", "--format", "lines", capture.toString());
        assertEquals(5, lines.outLines().size(), lines::describe);
        for (final String row : lines.outLines()) {
            assertEquals("symbol=\\x1b[2J\\nX,\" window_start=", row.substring(0, 33), lines::describe);
        }
    }

    @Test
    void packetsCutByTheSnapLengthAreCountedAsSuchAndTheSummarySaysResultsMayBeIncomplete() throws IOException {
        final byte[] whole = frame("a:1|c\nb:2|c".getBytes(StandardCharsets.US_ASCII));
        final byte[] cut = Arrays.copyOf(whole, 48);
        final Path capture = write("snapped.pcap", pcap(48, 1).record(T0, 48, 48, cut)
                .record(T0 + 1, 48, whole.length, cut).bytes());
        final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-counters", capture.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of(SUMMARY + "statsd-counters: 2 packets, 0 datagrams replayed (skipped: 0 not UDP, 0 fragments, 1 malformed,"
                + " 0 unsupported link, 0 filtered out)"), err(run).subList(0, 1), run::describe);
        assertEquals(SUMMARY + "incomplete: 1 packets cut by the capture's snap length were skipped (their datagrams are not all"
                + " captured); results may be incomplete", err(run).get(err(run).size() - 1), run::describe);
        final CommandRun inspect = CommandRun.of("inspect", capture.toString());
        assertEquals(List.of("  udp         0 datagrams, 0 decoded; skipped: 0 fragments, 0 not UDP, 1 malformed, 0 unsupported link, 1 cut by"
                + " the snap length (results may be incomplete)"), inspect.outLines().stream().filter(l -> l.startsWith("  udp")).distinct()
                .toList(), inspect::describe);
    }

    @Test
    void aDamagedBlockLengthInTheMiddleOfAPcapngIsCorruptNotACut() throws IOException {
        final byte[] packet = frame("a:1|c".getBytes(StandardCharsets.US_ASCII));
        final HostileCaptureBytes bytes = pcapng(-1).interfaceDescription(new byte[0]).enhancedPacket(0, T0 * 1_000_000, packet);
        final int damagedAt = bytes.bytes().length;
        bytes.int32(6).int32(16 << 20).raw(new byte[800_000]);
        final Path capture = write("damaged.pcapng", bytes.bytes());
        final String fault = capture + ": offset " + damagedAt + " (packet 2): enhanced packet: corrupt block length 16777216: interface 0's"
                + " snapshot length of 65535 bytes allows at most 131104";
        CommandRun.of("replay", "--pipeline", "statsd-counters", capture.toString()).assertBadInput(fault);
        CommandRun.of("inspect", capture.toString()).assertBadInput(fault);
        final CommandRun skipping = CommandRun.of("replay", "--pipeline", "statsd-counters", "--skip-bad", capture.toString());
        assertEquals(0, skipping.exitCode(), skipping::describe);
        assertEquals(List.of("host,metric,window_start,sum", "10.0.0.1,a," + T0 * 1000 + ",1"), skipping.outLines(), skipping::describe);
        assertEquals("weir: warning: " + fault + " (the rest of the file is skipped)", skipping.errLines().get(0), skipping::describe);
        assertEquals(SUMMARY + "faults: 0 bad payloads skipped, 1 files with a corrupt header, 0 files cut short",
                err(skipping).get(err(skipping).size() - 1), skipping::describe);
    }

    @Test
    void simplePacketBlocksBeforeTheFirstTimedPacketTakeItsTime() throws IOException {
        final byte[] packet = frame("a:1|c".getBytes(StandardCharsets.US_ASCII));
        final HostileCaptureBytes body = new HostileCaptureBytes(java.nio.ByteOrder.LITTLE_ENDIAN).int32(packet.length).raw(packet);
        final HostileCaptureBytes bytes = pcapng(-1).interfaceDescription(new byte[0]).block(3, body.bytes()).block(3, body.bytes())
                .enhancedPacket(0, (T0 + 1) * 1_000_000, packet);
        final Path capture = write("simple.pcapng", bytes.bytes());
        final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-counters", capture.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("host,metric,window_start,sum", "10.0.0.1,a," + T0 * 1000 + ",3"), run.outLines(), run::describe);
        assertEquals(SUMMARY + "2 packets without a timestamp (pcapng simple packet blocks) took the time of the packet before them, or of"
                + " the first timed packet when none came before", err(run).get(err(run).size() - 1), run::describe);
        final CommandRun inspect = CommandRun.of("inspect", capture.toString());
        assertEquals(0, inspect.exitCode(), inspect::describe);
        assertEquals(List.of("  untimed     2 packets without a timestamp (pcapng simple packet blocks) took the time of the packet before"
                + " them, or of the first timed packet when none came before", "  time        2023-11-14T22:13:21Z to 2023-11-14T22:13:21Z"
                + " (0.000000000 s)"), inspect.outLines().stream().filter(l -> l.startsWith("  untimed") || l.startsWith("  time")).distinct()
                .toList(), inspect::describe);
    }
}
