package dev.weir.tools;

import static dev.weir.tools.HostileCaptureBytes.addOrder;
import static dev.weir.tools.HostileCaptureBytes.cancel;
import static dev.weir.tools.HostileCaptureBytes.delete;
import static dev.weir.tools.HostileCaptureBytes.ethernet;
import static dev.weir.tools.HostileCaptureBytes.executed;
import static dev.weir.tools.HostileCaptureBytes.executedWithPrice;
import static dev.weir.tools.HostileCaptureBytes.frame;
import static dev.weir.tools.HostileCaptureBytes.ipv4;
import static dev.weir.tools.HostileCaptureBytes.ipv6;
import static dev.weir.tools.HostileCaptureBytes.mold;
import static dev.weir.tools.HostileCaptureBytes.pcap;
import static dev.weir.tools.HostileCaptureBytes.pcapng;
import static dev.weir.tools.HostileCaptureBytes.replace;
import static dev.weir.tools.HostileCaptureBytes.trade;
import static dev.weir.tools.HostileCaptureBytes.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile captures through {@code weir replay} (every pipeline, with and without {@code --skip-bad}) and
 * {@code weir inspect}: a fault is one line naming file, offset and packet with exit 2, a packet the decoders cannot
 * use is counted and skipped with exit 0, nothing prints an exception class or a stack trace, and nothing hangs
 * (every run has a few seconds).
 */
class HostileCapturesTest {
    private static final List<String> PIPELINES = List.of("ohlcv", "vwap", "statsd-percentiles", "statsd-counters", "silent-hosts");
    private static final Pattern TRACE = Pattern.compile("[A-Za-z]*(Exception|Error)\\b|\\n\\s+at ");
    private static final String SESSION = "SESSION001";

    @TempDir
    Path dir;

    private Path write(final String name, final byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private static CommandRun run(final String... args) {
        final CommandRun run = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> CommandRun.of(args));
        assertFalse(TRACE.matcher(run.err()).find(), run::describe);
        return run;
    }

    private static String[] replay(final String pipeline, final boolean skipBad, final Path file) {
        final List<String> args = new ArrayList<>(List.of("replay", "--pipeline", pipeline));
        if (skipBad) {
            args.add("--skip-bad");
        }
        args.add(file.toString());
        return args.toArray(String[]::new);
    }

    /** The first {@code n} trades of a well-formed session, one packet each, a second apart. */
    private static byte[][] trades(final int n) {
        final byte[][] payloads = new byte[n][];
        for (int i = 0; i < n; i++) {
            payloads[i] = mold(SESSION, i + 1, 1, trade(1_000_000_000L * (i + 1), 10, 1_000_000));
        }
        return payloads;
    }

    private static byte[] capture(final byte[]... payloads) {
        final HostileCaptureBytes bytes = pcap(65_535, 1);
        for (int i = 0; i < payloads.length; i++) {
            bytes.record(i + 1, frame(payloads[i]));
        }
        return bytes.bytes();
    }

    private static String line(final CommandRun run, final String prefix) {
        return run.errLines().stream().filter(l -> l.startsWith(prefix)).findFirst().orElse("none: " + run.describe());
    }

    @Test
    void headerFaultsAreOneLineAndExitTwoEverywhere() throws IOException {
        final byte[] header = pcap(65_535, 1).bytes();
        final List<Object[]> cases = new ArrayList<>();
        cases.add(new Object[] {new byte[0], "truncated header: the file has 0 bytes, a capture starts with a 24-byte pcap header or a pcapng"
                + " section header block"});
        for (final int length : new int[] {1, 3}) {
            cases.add(new Object[] {Arrays.copyOf(header, length), "truncated header: the file has " + length + " bytes, a capture starts"
                    + " with a 24-byte pcap header or a pcapng section header block"});
        }
        for (final int length : new int[] {4, 12, 23}) {
            cases.add(new Object[] {Arrays.copyOf(header, length), "truncated header: the pcap file header needs 24 bytes, the file has "
                    + length});
        }
        cases.add(new Object[] {new byte[] {0x0a, 0x0d, 0x0d, 0x0a, 0x1c}, "truncated header: the pcapng section header block needs 28"
                + " bytes, the file has 5"});
        cases.add(new Object[] {"\n".getBytes(StandardCharsets.US_ASCII), "truncated header: the file has 1 bytes, a capture starts with a"
                + " 24-byte pcap header or a pcapng section header block"});
        cases.add(new Object[] {"host:1|c\nhost:2|c\n".getBytes(StandardCharsets.US_ASCII), "not a capture: magic 0x686f7374 is neither"
                + " pcap (0xa1b2c3d4, 0xa1b23c4d, either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages"});
        for (final Object[] c : cases) {
            final Path file = write("hostile.pcap", (byte[]) c[0]);
            final String message = file + ": offset 0 (packet 1): " + c[1];
            for (final String pipeline : PIPELINES) {
                run(replay(pipeline, false, file)).assertBadInput(message);
                final CommandRun skipping = run(replay(pipeline, true, file));
                assertEquals(0, skipping.exitCode(), skipping::describe);
                assertEquals("weir: warning: " + message + " (the file is skipped)", skipping.errLines().get(0), skipping::describe);
                assertEquals("weir replay: faults: 0 bad payloads skipped, 1 files with a corrupt header, 0 files cut short",
                        line(skipping, "weir replay: faults:"));
            }
            run("inspect", file.toString()).assertBadInput(message);
        }
    }

    @Test
    void absurdLengthsAreCorruptNotACut() throws IOException {
        final Path records = write("snap.pcap", pcap(0xFFFF_FFFFL, 0xFFFF).record(1, 0xFFFF_FFF0L, 0xFFFF_FFF0L, new byte[10]).bytes());
        final String message = records + ": offset 24 (packet 1): corrupt record header: captured length 4294967280 exceeds 16777216 bytes";
        run(replay("ohlcv", false, records)).assertBadInput(message);
        run("inspect", records.toString()).assertBadInput(message);
    }

    @Test
    void payloadFaultsStopAfterTheRowsBeforeThemOrAreSkipped() throws IOException {
        final byte[][] good = trades(3);
        // the second packet's payload starts at byte 206: 24 (file header) + 16 + 108 (the first record) + 16 + 42 (its frame)
        final List<Object[]> cases = List.of(
                new Object[] {mold(SESSION, 2, 5, trade(2_000_000_000L, 1, 1)), "offset 272 (packet 2): message 2 of 5: its length field"
                        + " runs past the payload's end (66 bytes)"},
                new Object[] {mold(SESSION, 2, 1, trade(2_000_000_000L, 1, 1), trade(2_000_000_000L, 1, 1)), "offset 272 (packet 2): 46"
                        + " bytes follow the last of 1 messages"},
                new Object[] {"SESS".getBytes(StandardCharsets.US_ASCII), "offset 210 (packet 2): payload of 4 bytes is shorter than the"
                        + " 20-byte MoldUDP64 header"},
                new Object[] {new byte[0], "offset 206 (packet 2): payload of 0 bytes is shorter than the 20-byte MoldUDP64 header"},
                new Object[] {mold(SESSION, 2, 0, new byte[40]), "offset 226 (packet 2): 42 bytes follow the last of 0 messages"},
                new Object[] {mold(SESSION, 2, 0xFFFF, trade(2_000_000_000L, 1, 1)), "offset 226 (packet 2): 46 bytes follow the last of"
                        + " 0 messages"});
        for (final Object[] c : cases) {
            final Path file = write("payload.pcap", capture(good[0], (byte[]) c[0], good[2]));
            final String fault = file + ": " + c[1];
            final CommandRun stopped = run(replay("ohlcv", false, file));
            assertEquals(ExitCodes.BAD_INPUT, stopped.exitCode(), stopped::describe);
            assertEquals(List.of("weir: " + fault), stopped.errLines(), stopped::describe);
            // the first second's bar fires once the watermark passes it, after the fault: the header only
            assertEquals(List.of("symbol,window_start,open,high,low,close,volume,trades"), stopped.outLines());
            run("inspect", file.toString());
            final CommandRun skipping = run(replay("ohlcv", true, file));
            assertEquals(0, skipping.exitCode(), skipping::describe);
            assertEquals("weir: warning: " + fault + " (skipped)", skipping.errLines().get(0), skipping::describe);
            assertEquals("weir replay: faults: 1 bad payloads skipped, 0 files with a corrupt header, 0 files cut short",
                    line(skipping, "weir replay: faults:"));
            assertEquals(List.of("symbol,window_start,open,high,low,close,volume,trades", "MSFT,1000,100.0000,100.0000,100.0000,100.0000,10,1",
                    "MSFT,3000,100.0000,100.0000,100.0000,100.0000,10,1"), skipping.outLines(), skipping::describe);
        }
    }

    @Test
    void packetsTheDecoderCannotUseAreCountedAndSkipped() throws IOException {
        final byte[][] good = trades(5);
        final byte[] hopByHop = HostileCaptureBytes.bigEndian().int8(17).int8(0).raw(new byte[6]).bytes();
        final byte[] selfLoop = HostileCaptureBytes.bigEndian().int8(0).int8(0).raw(new byte[6]).bytes();
        final byte[] loops = new byte[selfLoop.length * 200];
        for (int i = 0; i < 200; i++) {
            System.arraycopy(selfLoop, 0, loops, i * selfLoop.length, selfLoop.length);
        }
        final byte[] payload = trades(1)[0];
        final HostileCaptureBytes bytes = pcap(262_144, 1)
                .record(1, 0, 0, new byte[0])                                                        // caplen 0: malformed
                .record(1, frame(good[0]).length, 10, frame(good[0]));                               // caplen > origlen: kept
        for (int words = 0; words < 5; words++) {                                                    // IHL < 5: malformed
            bytes.record(2, ethernet(0, 0x0800, ipv4(words, 28 + payload.length, udp(payload.length + 8, payload))));
        }
        bytes.record(2, ethernet(0, 0x0800, ipv4(5, 5, udp(payload.length + 8, payload))))           // total < header: malformed
                .record(2, ethernet(0, 0x0800, ipv4(5, 30, udp(payload.length + 8, payload))))       // total cuts UDP: malformed
                .record(2, ethernet(0, 0x0800, ipv4(5, 28 + payload.length, udp(3, payload))))       // UDP length 3: malformed
                .record(2, ethernet(0, 0x0800, ipv4(5, 28 + payload.length, udp(65_535, payload))))  // UDP claims 65,535: malformed
                .record(2, ethernet(0, 0x0800, ipv4(5, 65_535, udp(good[1].length + 8, good[1]))))  // total beyond capture: kept
                .record(3, ethernet(2, 0x0800, ipv4(5, 28 + good[2].length, udp(good[2].length + 8, good[2]))))    // 2 VLAN tags
                .record(3, ethernet(1_000, 0x0800, ipv4(5, 28 + good[3].length, udp(good[3].length + 8, good[3])))) // 1,000 tags
                .record(3, Arrays.copyOf(ethernet(5_000, 0x0800, new byte[0]), 12 + 5_000 * 4))      // only tags: malformed
                .record(4, ethernet(0, 0x86DD, ipv6(0, loops, udp(payload.length + 8, payload))))    // loop of hop-by-hop: not UDP
                .record(4, ethernet(0, 0x86DD, ipv6(0, hopByHop, udp(good[4].length + 8, good[4]))));
        final Path file = write("packets.pcap", bytes.bytes());
        for (final boolean skipBad : new boolean[] {false, true}) {
            final CommandRun run = run(replay("ohlcv", skipBad, file));
            assertEquals(0, run.exitCode(), run::describe);
            assertEquals("weir replay: ohlcv: 17 packets, 5 datagrams replayed (skipped: 1 not UDP, 0 fragments, 11 malformed,"
                    + " 0 unsupported link, 0 filtered out)", line(run, "weir replay: ohlcv:"));
            assertEquals(List.of("symbol,window_start,open,high,low,close,volume,trades",
                    "MSFT,1000,100.0000,100.0000,100.0000,100.0000,10,1", "MSFT,2000,100.0000,100.0000,100.0000,100.0000,10,1",
                    "MSFT,3000,100.0000,100.0000,100.0000,100.0000,10,1", "MSFT,4000,100.0000,100.0000,100.0000,100.0000,10,1",
                    "MSFT,5000,100.0000,100.0000,100.0000,100.0000,10,1"), run.outLines(), run::describe);
        }
        final CommandRun inspect = run("inspect", file.toString());
        assertEquals(0, inspect.exitCode(), inspect::describe);
        assertTrue(inspect.out().contains("udp         5 datagrams, 5 decoded; skipped: 0 fragments, 1 not UDP, 11 malformed,"
                + " 0 unsupported link"), inspect::describe);
        for (final String pipeline : PIPELINES) {
            assertEquals(0, run(replay(pipeline, false, file)).exitCode());
        }
        final Path unknownLink = write("link.pcap", pcap(0xFFFF_FFFFL, 0xFFFF).record(1, frame(good[0])).bytes());
        assertEquals("weir replay: ohlcv: 1 packets, 0 datagrams replayed (skipped: 0 not UDP, 0 fragments, 0 malformed,"
                + " 1 unsupported link, 0 filtered out)", line(run(replay("ohlcv", false, unknownLink)), "weir replay: ohlcv:"));
    }

    @Test
    void itchMessagesOfUnknownOrdersAndTypesAreCountedNotFatal() throws IOException {
        final byte[] book = mold(SESSION, 1, 13, addOrder(1, 100, 1_000_000), addOrder(2, 100, 1_500_000),
                replace(1, 2, 50, 2_000_000),        // onto an open reference: the new order takes its place
                executed(2, 10),                     // a trade at the replacement's price
                executed(99, 10), executedWithPrice(98, 10, 100), cancel(97, 10), delete(96), replace(95, 94, 1, 1), executed(94, 1),
                "Z".repeat(30).getBytes(StandardCharsets.US_ASCII), new byte[0], new byte[] {'P'});
        final byte[] end = mold(SESSION, 14, 0xFFFF);
        final byte[] after = mold(SESSION, 14, 1, trade(2_000_000_000L, 7, 1_100_000));
        final byte[] other = mold("SESSION002", 1, 1, trade(2_500_000_000L, 3, 900_000));
        final Path file = write("itch.pcap", capture(book, end, after, other));
        for (final boolean skipBad : new boolean[] {false, true}) {
            final CommandRun run = run(replay("ohlcv", skipBad, file));
            assertEquals(0, run.exitCode(), run::describe);
            assertEquals(List.of("symbol,window_start,open,high,low,close,volume,trades",
                    "AAPL,0,200.0000,200.0000,200.0000,200.0000,10,1", "MSFT,2000,110.0000,110.0000,90.0000,90.0000,10,2"),
                    run.outLines(), run::describe);
            assertEquals("weir replay: decoded: messages 15, messages A 2, messages E 3, messages C 1, messages X 1, messages D 1,"
                    + " messages U 2, messages P 2, unknown message types 2, mis-sized messages 1, trades 3, executions of unknown"
                    + " orders 3, sequence gaps 0, missed messages 0, duplicate messages 0, reordered packets 0, open orders 1",
                    line(run, "weir replay: decoded:"));
        }
        assertEquals(0, run("inspect", file.toString()).exitCode());
    }

    @Test
    void statsdLinesOfHugeNumbersNanAndEmptyLinesAreWarnedOrIgnored() throws IOException {
        final String[] payloads = {"a:1|c", "a:99999999999999999999999999999999999|c", "b:1e400|ms", "b:NaN|ms", "b:Infinity|ms",
            "b:-Infinity|g", "", "\n", "\n\n\n", "c:1|c\n\nc:2|c\n", "h:" + "9".repeat(5_000) + "|h", "g:1e308|g\ng:-1e308|g"};
        final HostileCaptureBytes bytes = pcap(262_144, 1);
        for (int i = 0; i < payloads.length; i++) {
            bytes.record(i + 1, frame(payloads[i].getBytes(StandardCharsets.US_ASCII)));
        }
        final Path file = write("statsd.pcap", bytes.bytes());
        final List<String> warnings = new ArrayList<>();
        for (final int packet : new int[] {3, 4, 5, 6, 11}) {
            warnings.add("weir: warning: " + file + ": packet " + packet + ", payload byte 0: value is not a decimal number");
        }
        for (final boolean skipBad : new boolean[] {false, true}) {
            final CommandRun counters = run(replay("statsd-counters", skipBad, file));
            assertEquals(0, counters.exitCode(), counters::describe);
            assertEquals(warnings, counters.errLines().subList(0, warnings.size()), counters::describe);
            assertEquals(List.of("host,metric,window_start,sum", "10.0.0.1,a,0,100000000000000000000000000000000000",
                    "10.0.0.1,c,10000,3"), counters.outLines(), counters::describe);
            assertEquals("weir replay: decoded: datagrams 12, lines 11, counters (c) 4, gauges (g) 2, timers (ms) 0, histograms (h) 0,"
                    + " distributions (d) 0, sets (s) 0, malformed lines 5, hosts 1, series 3", line(counters, "weir replay: decoded:"));
        }
        for (final String pipeline : PIPELINES.subList(2, PIPELINES.size())) {
            assertEquals(0, run(replay(pipeline, false, file)).exitCode());
        }
        // StatsD text is no MoldUDP64 packet: the ITCH pipelines stop at the first
        for (final String pipeline : PIPELINES.subList(0, 2)) {
            run(replay(pipeline, false, file)).assertBadInput(file + ": offset 87 (packet 1): payload of 5 bytes is shorter than the"
                    + " 20-byte MoldUDP64 header");
        }
        assertEquals(0, run("inspect", file.toString()).exitCode());
    }

    /**
     * A capture naming a new MoldUDP64 session in every packet, each session's second packet past a gap (so held),
     * replays and inspects in a few seconds with the default heap (it took minutes, and held-packet indexes took a
     * ring-sized array per session).
     */
    @Test
    void aNewSessionInEveryPacketNeitherHangsNorFillsTheHeap() throws IOException {
        final int sessions = 60_000;
        final HostileCaptureBytes bytes = pcap(65_535, 1);
        final byte[] message = trade(1_000_000_000L, 1, 1_000_000);
        for (int s = 0; s < sessions; s++) {
            bytes.record(1, frame(mold(String.format("S%09d", s), 1, 1, message)));
        }
        for (int s = 0; s < sessions; s++) {
            bytes.record(1, frame(mold(String.format("S%09d", s), 3, 1, message)));
        }
        final Path file = write("sessions.pcap", bytes.bytes());
        final CommandRun replay = run(replay("ohlcv", false, file));
        assertEquals(0, replay.exitCode(), replay::describe);
        assertEquals(List.of("symbol,window_start,open,high,low,close,volume,trades", "MSFT,1000,100.0000,100.0000,100.0000,100.0000,"
                + (2 * sessions) + "," + (2 * sessions)), replay.outLines(), replay::describe);
        assertEquals("weir replay: decoded: messages 120,000, messages P 120,000, unknown message types 0, mis-sized messages 0, trades"
                + " 120,000, executions of unknown orders 0, sequence gaps 60,000, missed messages 60,000, duplicate messages 0,"
                + " reordered packets 0, open orders 0", line(replay, "weir replay: decoded:"));
        final CommandRun inspect = run("inspect", file.toString());
        assertEquals(0, inspect.exitCode(), inspect::describe);
    }

    @Test
    void pcapngSectionsThatLieAndInterfacesOutOfPlace() throws IOException {
        final byte[][] good = trades(3);
        final byte[] none = new byte[0];
        // section lengths are hints a reader may ignore: a wrong one is no fault
        final Path lying = write("lying.pcapng", pcapng(5).interfaceDescription(none).enhancedPacket(0, 1_000_000, frame(good[0]))
                .sectionHeader(1_000_000_000_000L).interfaceDescription(none).enhancedPacket(0, 2_000_000, frame(good[1])).bytes());
        // an interface described after the first packets may be used by the packets after it
        final Path late = write("late.pcapng", pcapng(-1).interfaceDescription(none).enhancedPacket(0, 1_000_000, frame(good[0]))
                .interfaceDescription(none).enhancedPacket(1, 2_000_000, frame(good[1])).bytes());
        for (final Path file : List.of(lying, late)) {
            final CommandRun run = run(replay("ohlcv", false, file));
            assertEquals(0, run.exitCode(), run::describe);
            assertEquals(List.of("symbol,window_start,open,high,low,close,volume,trades", "MSFT,1000,100.0000,100.0000,100.0000,100.0000,10,1",
                    "MSFT,2000,100.0000,100.0000,100.0000,100.0000,10,1"), run.outLines(), run::describe);
            assertEquals(0, run("inspect", file.toString()).exitCode());
        }
        // the second packet (at 188) names an interface described only after it
        final Path early = write("early.pcapng", pcapng(-1).interfaceDescription(none).enhancedPacket(0, 1_000_000, frame(good[0]))
                .enhancedPacket(1, 2_000_000, frame(good[1])).interfaceDescription(none).enhancedPacket(1, 3_000_000, frame(good[2])).bytes());
        final Path option = write("option.pcapng", pcapng(-1).interfaceDescription(HostileCaptureBytes.bigEndian().raw(new byte[] {9, 0, (byte) 200, 0})
                .int32(6).bytes()).enhancedPacket(0, 1_000_000, frame(good[0])).bytes());
        final Path huge = write("huge.pcapng", pcapng(-1).interfaceDescription(none).enhancedPacket(0, 1_000_000, frame(good[0]))
                .int32(6).int32(0xFFFF_FFF0L).raw(new byte[200]).bytes());
        final List<String> faults = List.of(early + ": offset 188 (packet 2): packet block names interface 1 but the section describes 1",
                option + ": offset 28 (packet 1): interface description: option 9 of 200 bytes runs past the block",
                huge + ": offset 188 (packet 2): corrupt block length 4294967280 (a multiple of 4, at least 12, at most 16842752)");
        for (final String fault : faults) {
            final Path file = Path.of(fault.substring(0, fault.indexOf(": offset")));
            for (final String pipeline : PIPELINES) {
                // the StatsD pipelines warn first about the ITCH payloads before the fault
                final CommandRun stopped = run(replay(pipeline, false, file));
                assertEquals(ExitCodes.BAD_INPUT, stopped.exitCode(), stopped::describe);
                assertEquals("weir: " + fault, stopped.errLines().get(stopped.errLines().size() - 1), stopped::describe);
                final CommandRun skipping = run(replay(pipeline, true, file));
                assertEquals(0, skipping.exitCode(), skipping::describe);
                assertTrue(skipping.errLines().contains("weir: warning: " + fault + " (the rest of the file is skipped)"), skipping::describe);
            }
            run("inspect", file.toString()).assertBadInput(fault);
        }
    }
}
