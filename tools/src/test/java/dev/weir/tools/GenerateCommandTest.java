package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.generate.StatsdTrafficGenerator;
import dev.weir.pipelines.generate.StatsdTrafficOptions;
import dev.weir.tools.cli.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code weir generate itch|statsd}: the capture files hold exactly what the generators make of the options given,
 * {@code --send} sends the same payloads on UDP, the summary says what was made, and bad options are usage errors.
 */
class GenerateCommandTest {
    private static final Pattern ITCH_SUMMARY = Pattern.compile("weir: generate: itch: \\d+ packets \\(\\d+ heartbeats.*\\), (\\d+)"
            + " messages \\(S 6 R \\d+ .*\\), \\d+ payload bytes; (\\d+) bytes in .*");
    private static final Pattern STATSD_SUMMARY = Pattern.compile("weir: generate: statsd: (\\d+) datagrams, (\\d+) lines \\(c \\d+ g \\d+"
            + " ms \\d+ h \\d+ d \\d+ s \\d+; \\d+ malformed\\), \\d+ payload bytes, \\d+ hosts? silent for 40 s, \\d+ gone for good(; .*)");

    @TempDir
    Path dir;

    /** What the library writes for the options, in the encoding. */
    private static byte[] itchCapture(final ItchTrafficOptions options, final CaptureEncoding encoding) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (CaptureWriter writer = CaptureWriter.over("memory", bytes, encoding)) {
            new ItchTrafficGenerator(options).generate(writer);
        }
        return bytes.toByteArray();
    }

    private static byte[] statsdCapture(final StatsdTrafficOptions options, final CaptureEncoding encoding) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (CaptureWriter writer = CaptureWriter.over("memory", bytes, encoding)) {
            new StatsdTrafficGenerator(options).generate(writer);
        }
        return bytes.toByteArray();
    }

    /** The UDP payloads of a capture, in order. */
    private static List<String> payloads(final Path capture, final CaptureFormat format) {
        final List<String> payloads = new ArrayList<>();
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        final CapturePacket packet = new CapturePacket();
        final Datagram datagram = new Datagram();
        try (CaptureFile file = CaptureFile.open(capture)) {
            assertEquals(format, file.format());
            while (file.next(packet)) {
                assertTrue(decoder.decode(packet, datagram));
                final byte[] payload = new byte[datagram.payloadLength()];
                datagram.buffer().getBytes(datagram.payloadOffset(), payload);
                payloads.add(Arrays.toString(payload));
            }
        }
        return payloads;
    }

    static Stream<Arguments> encodings() {
        return Stream.of(Arguments.of(List.of(), CaptureEncoding.PCAP_MICROSECONDS), Arguments.of(List.of("--nanos"), CaptureEncoding.PCAP_NANOSECONDS),
                Arguments.of(List.of("--format", "pcapng"), CaptureEncoding.PCAPNG_MICROSECONDS),
                Arguments.of(List.of("--format", "pcapng", "--nanos"), CaptureEncoding.PCAPNG_NANOSECONDS));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("encodings")
    void itchOptionsMakeTheGeneratorsCaptureInTheChosenFormat(final List<String> format, final CaptureEncoding encoding) throws Exception {
        final Path out = dir.resolve("itch.cap");
        final List<String> args = new ArrayList<>(List.of("generate", "itch", "--out", out.toString(), "--symbols", "3", "--messages",
                "900", "--rate", "2000", "--disorder", "2", "--gaps", "2", "--seed", "9", "--dst", "127.0.0.1", "--port", "5000"));
        args.addAll(format);
        final CommandRun run = CommandRun.of(args.toArray(new String[0]));
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals("", run.out());
        assertEquals(1, run.errLines().size(), run::describe);
        final var summary = ITCH_SUMMARY.matcher(run.errLines().get(0));
        assertTrue(summary.matches(), run::describe);
        assertEquals(Files.size(out), Long.parseLong(summary.group(2)));
        final ItchTrafficOptions options = new ItchTrafficOptions(3, 900, 2_000, 2, 9, 2, 5_000, 0x7F00_0001);
        assertArrayEquals(itchCapture(options, encoding), Files.readAllBytes(out));
        assertTrue(run.errLines().get(0).contains("; 2 dropped with "), run::describe);
        payloads(out, encoding.format());
    }

    @Test
    void itchDefaultsAreEightSymbolsTenThousandMessagesToTheMulticastGroup() throws Exception {
        final Path out = dir.resolve("default.pcap");
        final CommandRun run = CommandRun.of("generate", "itch", "--out", out.toString());
        assertEquals(0, run.exitCode(), run::describe);
        final var summary = ITCH_SUMMARY.matcher(run.errLines().get(0));
        assertTrue(summary.matches(), run::describe);
        assertEquals("10000", summary.group(1));
        assertTrue(run.errLines().get(0).contains(" R 8 "), run::describe);
        assertArrayEquals(itchCapture(ItchTrafficOptions.of(8, 10_000), CaptureEncoding.PCAP_MICROSECONDS), Files.readAllBytes(out));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("encodings")
    void statsdOptionsMakeTheGeneratorsCaptureInTheChosenFormat(final List<String> format, final CaptureEncoding encoding) throws Exception {
        final Path out = dir.resolve("statsd.cap");
        final List<String> args = new ArrayList<>(List.of("generate", "statsd", "--out", out.toString(), "--hosts", "5", "--messages",
                "700", "--rate", "10", "--malformed", "0.1", "--seed", "4", "--dst", "10.9.8.7", "--port", "9125"));
        args.addAll(format);
        final CommandRun run = CommandRun.of(args.toArray(new String[0]));
        assertEquals(0, run.exitCode(), run::describe);
        final var summary = STATSD_SUMMARY.matcher(run.errLines().get(0));
        assertTrue(summary.matches(), run::describe);
        assertEquals("700", summary.group(2));
        assertEquals("; " + Files.size(out) + " bytes in " + out, summary.group(3));
        assertTrue(run.errLines().get(0).contains("1 host silent for 40 s, 1 gone for good"), run::describe);
        assertArrayEquals(statsdCapture(new StatsdTrafficOptions(5, 700, 10, 4, 0.1, 9_125, (10 << 24) | (9 << 16) | (8 << 8) | 7),
                encoding), Files.readAllBytes(out));
        assertEquals(Integer.parseInt(summary.group(1)), payloads(out, encoding.format()).size());
    }

    /** Receives {@code count} datagrams (a latch with a timeout: the socket's), returning payloads and source addresses. */
    private static List<DatagramPacket> receive(final DatagramSocket socket, final int count) throws Exception {
        final List<DatagramPacket> received = new ArrayList<>();
        socket.setSoTimeout(10_000);
        while (received.size() < count) {
            final DatagramPacket packet = new DatagramPacket(new byte[2_048], 2_048);
            socket.receive(packet);
            received.add(packet);
        }
        return received;
    }

    @Test
    void sendSendsTheSamePayloadsAsTheCaptureHolds() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
            socket.setReceiveBufferSize(1 << 20);
            final String port = Integer.toString(socket.getLocalPort());
            final CommandRun send = CommandRun.of("generate", "itch", "--send", "127.0.0.1:" + port, "--speed", "1000", "--symbols", "2",
                    "--messages", "300", "--rate", "3000", "--seed", "5");
            assertEquals(0, send.exitCode(), send::describe);
            assertTrue(send.errLines().get(0).matches("weir: generate: itch: \\d+ packets .*; sent to 127\\.0\\.0\\.1:" + port
                    + " in \\d+\\.\\d s"), send::describe);
            final Path out = dir.resolve("same.pcap");
            assertEquals(0, CommandRun.of("generate", "itch", "--out", out.toString(), "--symbols", "2", "--messages", "300", "--rate",
                    "3000", "--seed", "5", "--dst", "127.0.0.1", "--port", port).exitCode());
            final List<String> expected = payloads(out, CaptureFormat.PCAP_MICROSECONDS);
            final List<String> received = new ArrayList<>();
            for (final DatagramPacket packet : receive(socket, expected.size())) {
                received.add(Arrays.toString(Arrays.copyOf(packet.getData(), packet.getLength())));
                assertEquals("127.0.0.1", packet.getAddress().getHostAddress());
            }
            assertEquals(expected, received);
        }
    }

    @Test
    void sendSendsEachStatsdHostFromItsOwnLoopbackAddress() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
            socket.setReceiveBufferSize(1 << 20);
            final CommandRun send = CommandRun.of("generate", "statsd", "--send", "localhost:" + socket.getLocalPort(), "--speed", "1000",
                    "--hosts", "3", "--messages", "200", "--rate", "200");
            assertEquals(0, send.exitCode(), send::describe);
            final var summary = STATSD_SUMMARY.matcher(send.errLines().get(0));
            assertTrue(summary.matches(), send::describe);
            final Set<String> sources = new HashSet<>();
            for (final DatagramPacket packet : receive(socket, Integer.parseInt(summary.group(1)))) {
                sources.add(packet.getAddress().getHostAddress());
            }
            assertEquals(Set.of("127.0.0.1", "127.0.0.2", "127.0.0.3"), sources);
        }
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of(List.of("generate"), "what to generate is required: itch or statsd", "generate"),
                Arguments.of(List.of("generate", "itc"), "unknown traffic 'itc': itch or statsd", "generate"),
                Arguments.of(List.of("generate", "StatsD"), "unknown traffic 'StatsD': itch or statsd", "generate"),
                Arguments.of(List.of("generate", "itch"), "--out FILE or --send HOST:PORT is required", "generate itch"),
                Arguments.of(List.of("generate", "statsd", "--out", "OUT", "--send", "127.0.0.1:8125"), "--out and --send exclude each other",
                        "generate statsd"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--format", "pcapx"), "--format must be pcap, pcapng or nasdaq-binary, got 'pcapx'",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", ""), "--out needs a file name, got an empty one", "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "DIR"), "--out DIR is a directory, not a file", "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--symbols", "0"), "--symbols: 0 is not within 1..5000",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--symbols", "8", "--messages", "10"),
                        "--messages: 10 is too few for 8 symbols (at least 14: the system events and one stock directory message per symbol)",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--rate", "0"), "--rate: 0 messages a second is not positive",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--disorder", "-5"), "--disorder: -5 ms is not within 0..60000",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--messages", "40", "--gaps", "30"),
                        "--gaps: 30 gaps need 59 packets of order flow, the 40 messages make 7; generate more messages or fewer gaps",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--seed", "x"), "Invalid value for option '--seed': 'x' is not a whole number",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--dst", "300.1.1.1"), "--dst 300.1.1.1: 300 is not within 0..255",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--dst", "example.org"),
                        "--dst needs an IPv4 address such as 127.0.0.1, got 'example.org'", "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--port", "70000"), "--port must be within 0..65535, got 70000",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--send", "127.0.0.1"), "--send needs HOST:PORT, e.g. 127.0.0.1:26400, got '127.0.0.1'",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--send", "127.0.0.1:0"), "--send 127.0.0.1:0: the port must be within 1..65535",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--send", "127.0.0.1:26400", "--nanos"),
                        "--send sends datagrams, not a file: leave out --nanos", "generate itch"),
                Arguments.of(List.of("generate", "itch", "--send", "127.0.0.1:26400", "--port", "1"),
                        "--send 127.0.0.1:26400 sets the destination: leave out --port", "generate itch"),
                Arguments.of(List.of("generate", "itch", "--send", "127.0.0.1:26400", "--speed", "0"), "--speed must be within (0, 1000000], got 0.0",
                        "generate itch"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--speed", "2"), "--speed needs --send", "generate itch"),
                Arguments.of(List.of("generate", "statsd", "--out", "OUT", "--hosts", "0"), "--hosts: 0 is not within 1..254", "generate statsd"),
                Arguments.of(List.of("generate", "statsd", "--out", "OUT", "--malformed", "2"), "--malformed: 2.0 is not a fraction within 0..1",
                        "generate statsd"),
                Arguments.of(List.of("generate", "statsd", "--out", "OUT", "--symbols", "3"), "Unknown options: '--symbols', '3'",
                        "generate statsd"),
                Arguments.of(List.of("generate", "itch", "--out", "OUT", "--hosts", "3"), "Unknown options: '--hosts', '3'", "generate itch"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptions")
    void badOptionsAreUsageErrorsThatWriteNoFile(final List<String> options, final String message, final String command) {
        final Path out = dir.resolve("out.pcap");
        final List<String> args = new ArrayList<>();
        for (final String option : options) {
            args.add(option.equals("OUT") ? out.toString() : option.equals("DIR") ? dir.toString() : option);
        }
        final CommandRun run = CommandRun.of(args.toArray(new String[0]));
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + message.replace("--out DIR", "--out " + dir), "try 'weir " + command + " --help'"), run.errLines(),
                run::describe);
        assertFalse(Files.exists(out), run::describe);
    }

    @Test
    void anOutputFileInAMissingDirectoryIsOneMessage() {
        final Path out = dir.resolve("missing").resolve("x.pcap");
        final CommandRun run = CommandRun.of("generate", "statsd", "--out", out.toString());
        run.assertBadInput(out + ": cannot create the capture: directory " + dir.resolve("missing") + " does not exist");
    }
}
