package dev.weir.pipelines.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.clock.SystemNanoClock;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.PipelineExecutionException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay end to end on real loopback captures (src/test/resources/capture/): the rows equal what tshark's dump
 * of the same file gives, two replays print the same bytes, processing time is the capture time, and faults
 * stop the replay with their place in the file or, with skip-bad, are warnings.
 */
class ReplayRunTest {
    @TempDir
    Path temp;

    static Path fixture(final String name) throws URISyntaxException {
        return Path.of(ReplayRunTest.class.getResource("/capture/" + name).toURI());
    }

    /** The rows PortTraffic must print, computed from tshark's dump: its UDP length less 8 is the payload. */
    private static List<String> expectedFromTshark(final String capture, final int snapshotLength) throws Exception {
        final Map<String, long[]> windows = new TreeMap<>();
        for (final String line : Files.readAllLines(fixture(capture + ".tshark.txt"))) {
            final String[] fields = line.split("\t");
            final int payload = Integer.parseInt(fields[3]) - 8;
            if (payload + 8 + 28 + 14 > snapshotLength) {
                continue; // cut by the capture's snapshot length: the reader skips it as malformed
            }
            final long millis = Math.round(Double.parseDouble(fields[0]) * 1e6) / 1000;
            final String key = String.format("%05d,%d", Integer.parseInt(fields[2]), millis - Math.floorMod(millis, 20));
            windows.computeIfAbsent(key, k -> new long[2])[0]++;
            windows.get(key)[1] += payload;
        }
        final List<String> rows = new ArrayList<>();
        rows.add("port,window_start,datagrams,bytes");
        windows.forEach((key, totals) -> rows.add(key.substring(0, 5).replaceFirst("^0+", "") + key.substring(5) + "," + totals[0] + ","
                + totals[1]));
        return rows;
    }

    private static List<String> replay(final ReplayJob<?> job, final ReplayOptions options, final List<String> warnings) throws Exception {
        final List<String> lines = new ArrayList<>();
        new ReplayRun<>(job, options, lines::add, warnings::add, SystemNanoClock.INSTANCE).execute(OutputFormat.CSV);
        return lines;
    }

    /** Rows after the header, sorted: windows of different keys fire at one watermark in key-group order. */
    private static List<String> sortedRows(final List<String> lines) {
        final List<String> rows = new ArrayList<>(lines.subList(1, lines.size()));
        rows.sort(null);
        rows.add(0, lines.get(0));
        return rows;
    }

    @Test
    void rowsEqualWhatTheTsharkDumpOfTheSameCaptureGives() throws Exception {
        for (final String capture : List.of("udp-lo-us.pcap", "udp-lo-ns.pcap", "udp-lo-ns.pcapng", "udp-any-sll2.pcap")) {
            final List<String> lines = replay(new PortTraffic(), ReplayOptions.of(List.of(fixture(capture))), new ArrayList<>());
            assertEquals(expectedFromTshark(capture, 512), sortedRows(lines), capture);
        }
    }

    @Test
    void twoReplaysPrintTheSameBytes() throws Exception {
        final ReplayOptions options = ReplayOptions.of(List.of(fixture("udp-lo-us.pcap"), fixture("udp-lo-ns.pcapng")));
        final List<String> first = replay(new PortTraffic(), options, new ArrayList<>());
        assertEquals(first, replay(new PortTraffic(), options, new ArrayList<>()));
        assertTrue(first.size() > 4, first.toString());
    }

    @Test
    void theFilterKeepsOnlyItsDestinationPort() throws Exception {
        final List<String> lines = replay(new PortTraffic(),
                ReplayOptions.of(List.of(fixture("udp-lo-us.pcap"))).withFilter(DatagramFilter.any().destinationPort(26400)), new ArrayList<>());
        final List<String> expected = new ArrayList<>();
        for (final String row : expectedFromTshark("udp-lo-us.pcap", 512)) {
            if (row.startsWith("port,") || row.startsWith("26400,")) {
                expected.add(row);
            }
        }
        assertEquals(expected, lines);
    }

    /** Prints, per datagram, its capture time, the processing time it was handled at and the watermark then. */
    static final class Stamps extends PortTraffic {
        @Override
        public RowSchema schema() {
            return RowSchema.of("port", "captured", "processed", "watermark");
        }

        @Override
        public DataStream<? extends ResultRow> results(final DataStream<Seen> events, final ReplayContext context) {
            final KeyedProcessFunction<Integer, Seen, ResultRow> stamp = (seen, ctx, out) -> {
                final long captured = ctx.timestamp();
                final long processed = ctx.currentProcessingTime();
                final long watermark = ctx.currentWatermark();
                final int port = seen.port;
                out.collect(row -> row.number(port).number(captured).number(processed).number(watermark));
            };
            return events.keyBy(seen -> seen.port).process(stamp);
        }
    }

    @Test
    void processingTimeIsTheCaptureTimeOnTheVirtualClock() throws Exception {
        final List<String> lines = replay(new Stamps(), ReplayOptions.of(List.of(fixture("udp-lo-us.pcap"))).withOutOfOrderness(5),
                new ArrayList<>());
        final List<String> expected = new ArrayList<>();
        expected.add("port,captured,processed,watermark");
        for (final String line : Files.readAllLines(fixture("udp-lo-us.pcap.tshark.txt"))) {
            final String[] fields = line.split("\t");
            if (!fields[3].equals("708")) {
                final long millis = Math.round(Double.parseDouble(fields[0]) * 1e6) / 1000;
                // the capture spans 52 ms: the first periodic emission, 200 ms after the first packet, comes after it
                expected.add(fields[2] + "," + millis + "," + millis + "," + Long.MIN_VALUE);
            }
        }
        assertEquals(expected, lines);
    }

    @Test
    void aPacedReplayGivesTheSameWindows() throws Exception {
        final ReplayOptions options = ReplayOptions.of(List.of(fixture("udp-lo-us.pcap")));
        assertEquals(sortedRows(replay(new PortTraffic(), options, new ArrayList<>())),
                sortedRows(replay(new PortTraffic(), options.withPace(ReplayPace.times(10)), new ArrayList<>())));
    }

    @Test
    void aCaptureCutShortIsAWarningAndItsCompletePacketsAreReplayed() throws Exception {
        final List<String> warnings = new ArrayList<>();
        final Path cut = fixture("udp-lo-cut.pcap");
        final List<String> lines = replay(new PortTraffic(), ReplayOptions.of(List.of(cut)), warnings);
        assertEquals(expectedFromTshark("udp-lo-cut.pcap", 512), sortedRows(lines));
        // the fifth packet's record starts after the file header and four records, and the file ends inside it
        final long fifthRecord = 24 + (16 + 43) + (16 + 47) + (16 + 242) + (16 + 42);
        assertEquals(List.of(cut + ": offset " + fifthRecord + ": the capture ends inside a packet (cut short while it was written);"
                + " the complete packets before it were replayed"), warnings);
    }

    @Test
    void aFileThatIsNoCaptureStopsTheReplayWithItsNameAndOffset() throws Exception {
        final Path bad = Files.write(temp.resolve("notes.pcap"), "these are notes, not packets\n".getBytes());
        final PipelineExecutionException failed = assertThrows(PipelineExecutionException.class,
                () -> replay(new PortTraffic(), ReplayOptions.of(List.of(fixture("udp-lo-us.pcap"), bad)), new ArrayList<>()));
        final CaptureFormatException cause = assertInstanceOf(CaptureFormatException.class, failed.getCause());
        assertEquals(bad + ": offset 0 (packet 1): not a capture: magic 0x74686573 is neither pcap (0xa1b2c3d4, 0xa1b23c4d, either"
                + " byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages", cause.getMessage());
    }

    @Test
    void withSkipBadAFileThatIsNoCaptureIsAWarningAndTheOthersAreReplayed() throws Exception {
        final Path bad = Files.write(temp.resolve("notes.pcap"), "these are notes, not packets\n".getBytes());
        final List<String> warnings = new ArrayList<>();
        final List<String> lines = replay(new PortTraffic(),
                ReplayOptions.of(List.of(bad, fixture("udp-lo-us.pcap"))).withSkipBad(true), warnings);
        assertEquals(expectedFromTshark("udp-lo-us.pcap", 512), sortedRows(lines));
        assertEquals(List.of(bad + ": offset 0 (packet 1): not a capture: magic 0x74686573 is neither pcap (0xa1b2c3d4, 0xa1b23c4d,"
                + " either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages (the file is skipped)"), warnings);
    }

    /** Fails on the datagram to port 26402, as a decoder does on a payload that breaks its format. */
    static final class FailsOnPort26402 extends PortTraffic {
        @Override
        public PayloadDecoder<Seen> decoder(final ReplayContext context) {
            final PayloadDecoder<Seen> decoder = super.decoder(context);
            return (datagram, events) -> {
                if (datagram.ip().destinationPort() == 26402) {
                    throw new PayloadFormatException(3, "the count says 9 messages, the payload holds 2");
                }
                decoder.decode(datagram, events);
            };
        }

        @Override
        public DataStream<? extends ResultRow> results(final DataStream<Seen> events, final ReplayContext context) {
            return new Stamps().results(events, context);
        }

        @Override
        public RowSchema schema() {
            return new Stamps().schema();
        }
    }

    @Test
    void aBadPayloadStopsTheReplayWithItsFileOffsetAndTheRowsBeforeItArePrinted() throws Exception {
        final Path capture = fixture("udp-lo-us.pcap");
        final List<String> lines = new ArrayList<>();
        final ReplayRun<?> run = new ReplayRun<>(new FailsOnPort26402(), ReplayOptions.of(List.of(capture)), lines::add, line -> { },
                SystemNanoClock.INSTANCE);
        final PipelineExecutionException failed = assertThrows(PipelineExecutionException.class, () -> run.execute(OutputFormat.CSV));
        // packet 3: pcap header 24 + two packets of 16 + 43 and 16 + 47 bytes, its record header 16, Ethernet 14, IPv4 20, UDP 8
        final long payloadStart = 24 + (16 + 14 + 20 + 8 + 1) + (16 + 14 + 20 + 8 + 5) + 16 + 14 + 20 + 8;
        assertEquals(capture + ": offset " + (payloadStart + 3) + " (packet 3): the count says 9 messages, the payload holds 2",
                failed.getCause().getMessage());
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(1).startsWith("26400,") && lines.get(2).startsWith("26401,"), lines.toString());
    }

    @Test
    void withSkipBadABadPayloadIsAWarningAndTheReplayGoesOn() throws Exception {
        final Path capture = fixture("udp-lo-us.pcap");
        final List<String> warnings = new ArrayList<>();
        final List<String> lines = replay(new FailsOnPort26402(), ReplayOptions.of(List.of(capture)).withSkipBad(true), warnings);
        final long payloadStart = 24 + (16 + 14 + 20 + 8 + 1) + (16 + 14 + 20 + 8 + 5) + 16 + 14 + 20 + 8;
        assertEquals(List.of(capture + ": offset " + (payloadStart + 3) + " (packet 3): the count says 9 messages, the payload holds 2"
                + " (skipped)"), warnings);
        assertEquals(List.of("26400", "26401", "26400", "26403"), lines.subList(1, lines.size()).stream().map(l -> l.split(",")[0]).toList());
    }

    @Test
    void theSummaryCountsWhatWasReadAndEmitted() throws Exception {
        final ReplayRun<?> run = new ReplayRun<>(new PortTraffic(), ReplayOptions.of(List.of(fixture("udp-lo-us.pcap"))), line -> { },
                line -> { }, SystemNanoClock.INSTANCE);
        final ReplaySummary summary = run.execute(OutputFormat.CSV);
        final List<String> expectedRows = expectedFromTshark("udp-lo-us.pcap", 512);
        assertEquals(new CaptureReadCounts(6, 5, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0), summary.read());
        assertEquals(expectedRows.size() - 1, summary.rows());
        assertEquals(summary.rows(), summary.windowsFired());
        assertEquals(0, summary.lateDropped());
        assertEquals(run.progress().totalBytes(), run.progress().bytesRead());
        assertEquals(5, run.progress().events());
    }

}
