package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.LinkType;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The committed captures (recorded by tcpdump, src/test/resources/capture/, and written by the capture writer,
 * src/test/resources/generate/): packets, datagrams, flows and time range equal what tshark's dumps beside them
 * say; byte counts equal a plain walk over the pcap record headers; layouts are what the recording made.
 */
class InspectFixturesTest {
    /** The tcpdump fixtures' snapshot length cut the datagram of this UDP length: the decoder counts it as cut by the snapshot length. */
    private static final String CUT_UDP_LENGTH = "708";

    static Path fixture(final String name) throws URISyntaxException {
        return Path.of(InspectFixturesTest.class.getResource("/" + name).toURI());
    }

    /** tshark's time_epoch text, seconds with nine decimals, as ns. */
    private static long nanos(final String epoch) {
        final String[] parts = epoch.split("\\.");
        return Long.parseLong(parts[0]) * 1_000_000_000L + Long.parseLong(parts[1]);
    }

    private static List<String[]> tshark(final String capture) throws IOException, URISyntaxException {
        final List<String[]> lines = new ArrayList<>();
        for (final String line : Files.readAllLines(fixture(capture + ".tshark.txt"))) {
            lines.add(line.split("\t"));
        }
        return lines;
    }

    /** The tcpdump fixtures' tshark dumps hold time, destination, port and UDP length; every datagram came from one socket. */
    private static Map<String, Long> recordedFlows(final List<String[]> lines, final String source) {
        final Map<String, Long> flows = new TreeMap<>();
        for (final String[] fields : lines) {
            if (!fields[3].equals(CUT_UDP_LENGTH)) {
                flows.merge(source + " -> " + fields[1] + ":" + fields[2], 1L, Long::sum);
            }
        }
        return flows;
    }

    /** The capture writer's dumps hold time, source, destination, ports, UDP length. */
    private static Map<String, Long> writtenFlows(final List<String[]> lines) {
        final Map<String, Long> flows = new TreeMap<>();
        for (final String[] fields : lines) {
            flows.merge(fields[1] + ":" + fields[3] + " -> " + fields[2] + ":" + fields[4], 1L, Long::sum);
        }
        return flows;
    }

    private static Map<String, Long> flows(final Traffic traffic) {
        final Map<String, Long> flows = new TreeMap<>();
        for (final FlowCount flow : traffic.flows()) {
            flows.put(flow.source() + " -> " + flow.destination(), flow.packets());
        }
        return flows;
    }

    /** The source port of the first datagram of the Ethernet pcap, read straight from its bytes. */
    private static String recordedSource() throws Exception {
        final ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(fixture("capture/udp-lo-us.pcap"))).order(ByteOrder.BIG_ENDIAN);
        final int ip = 24 + 16 + 14; // file header, record header, Ethernet header
        return (bytes.get(ip + 12) & 0xFF) + "." + (bytes.get(ip + 13) & 0xFF) + "." + (bytes.get(ip + 14) & 0xFF) + "."
                + (bytes.get(ip + 15) & 0xFF) + ":" + (bytes.getShort(ip + 20) & 0xFFFF);
    }

    /** Captured and original bytes summed over a pcap's record headers: {captured, original, records}. */
    private static long[] pcapBytes(final String capture) throws Exception {
        final ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(fixture(capture))).order(ByteOrder.LITTLE_ENDIAN);
        final long[] sums = new long[3];
        int at = 24;
        while (at + 16 <= bytes.limit() && at + 16 + bytes.getInt(at + 8) <= bytes.limit()) {
            sums[0] += bytes.getInt(at + 8);
            sums[1] += bytes.getInt(at + 12);
            sums[2]++;
            at += 16 + bytes.getInt(at + 8);
        }
        return sums;
    }

    private static void assertTrafficMatches(final List<String[]> lines, final Map<String, Long> expectedFlows, final long cut,
            final Traffic traffic) {
        assertEquals(lines.size(), traffic.packets());
        assertEquals(lines.size() - cut, traffic.datagrams());
        assertEquals(lines.size() - cut, traffic.decodedDatagrams());
        assertEquals(0, traffic.malformed());
        assertEquals(cut, traffic.cutBySnapLength());
        assertEquals(0, traffic.fragments() + traffic.notUdp() + traffic.unsupportedLink());
        assertEquals(expectedFlows, flows(traffic));
        assertEquals(nanos(lines.get(0)[0]), traffic.earliestNanos());
        assertEquals(nanos(lines.get(lines.size() - 1)[0]), traffic.latestNanos());
        assertEquals(nanos(lines.get(lines.size() - 1)[0]) - nanos(lines.get(0)[0]), traffic.durationNanos());
    }

    private static FileInspection inspectOne(final String capture) throws URISyntaxException {
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(fixture(capture)));
        assertEquals(1, report.files().size());
        return report.files().get(0);
    }

    private static void assertRecorded(final String capture, final CaptureFormat format, final int linkType, final String resolution,
            final long truncatedAt) throws Exception {
        final List<String[]> lines = tshark(capture);
        final long cut = lines.stream().filter(fields -> fields[3].equals(CUT_UDP_LENGTH)).count();
        final FileInspection file = inspectOne(capture);
        assertTrafficMatches(lines, recordedFlows(lines, recordedSource()), cut, file.traffic());
        assertEquals(format, file.layout().format());
        assertEquals(1, file.layout().sections().size());
        final CaptureSection section = file.layout().sections().get(0);
        assertEquals("little-endian", section.byteOrder());
        assertEquals(format == CaptureFormat.PCAPNG ? "1.0" : "2.4", section.version());
        assertEquals(1, section.interfaces().size());
        assertEquals(linkType, section.interfaces().get(0).linkType());
        assertEquals(512, section.interfaces().get(0).snapLength());
        assertEquals(resolution, section.interfaces().get(0).resolution());
        assertEquals(truncatedAt, file.truncatedAt());
    }

    @Test
    void tcpdumpMicrosecondPcapMatchesTshark() throws Exception {
        assertRecorded("capture/udp-lo-us.pcap", CaptureFormat.PCAP_MICROSECONDS, LinkType.EN10MB, "microseconds", -1);
        final long[] bytes = pcapBytes("capture/udp-lo-us.pcap");
        final Traffic traffic = inspectOne("capture/udp-lo-us.pcap").traffic();
        assertEquals(bytes[0], traffic.capturedBytes());
        assertEquals(bytes[1], traffic.wireBytes());
    }

    @Test
    void tcpdumpNanosecondPcapMatchesTshark() throws Exception {
        assertRecorded("capture/udp-lo-ns.pcap", CaptureFormat.PCAP_NANOSECONDS, LinkType.EN10MB, "nanoseconds", -1);
    }

    @Test
    void editcapPcapngMatchesTsharkAndCountsTheSameBytesAsItsPcap() throws Exception {
        assertRecorded("capture/udp-lo-ns.pcapng", CaptureFormat.PCAPNG, LinkType.EN10MB, "nanoseconds", -1);
        final long[] bytes = pcapBytes("capture/udp-lo-ns.pcap");
        final Traffic traffic = inspectOne("capture/udp-lo-ns.pcapng").traffic();
        assertEquals(bytes[0], traffic.capturedBytes());
        assertEquals(bytes[1], traffic.wireBytes());
    }

    @Test
    void linuxCookedV2MatchesTshark() throws Exception {
        assertRecorded("capture/udp-any-sll2.pcap", CaptureFormat.PCAP_MICROSECONDS, LinkType.LINUX_SLL2, "microseconds", -1);
    }

    @Test
    void aCaptureCutShortIsCountedUpToTheCutAndSaysWhere() throws Exception {
        final long[] bytes = pcapBytes("capture/udp-lo-cut.pcap");
        // the walk over whole records ends where the incomplete one starts
        final long cutAt = 24 + bytes[0] + 16 * bytes[2];
        assertRecorded("capture/udp-lo-cut.pcap", CaptureFormat.PCAP_MICROSECONDS, LinkType.EN10MB, "microseconds", cutAt);
        assertEquals(4, bytes[2]);
    }

    @Test
    void writtenCapturesMatchTsharkInEveryEncoding() throws Exception {
        for (final String capture : List.of("generate/sample-pcap-microseconds.pcap", "generate/sample-pcap-nanoseconds.pcap",
                "generate/sample-pcapng-microseconds.pcapng", "generate/sample-pcapng-nanoseconds.pcapng")) {
            final List<String[]> lines = tshark(capture);
            final FileInspection file = inspectOne(capture);
            assertTrafficMatches(lines, writtenFlows(lines), 0, file.traffic());
            final CaptureInterface captureInterface = file.layout().sections().get(0).interfaces().get(0);
            assertEquals(LinkType.EN10MB, captureInterface.linkType(), capture);
            assertEquals(capture.contains("nano") ? "nanoseconds" : "microseconds", captureInterface.resolution(), capture);
        }
    }

    @Test
    void theTotalAddsUpTheFilesAndKeepsThemInOrder() throws Exception {
        final List<String> captures = List.of("capture/udp-lo-us.pcap", "capture/udp-lo-cut.pcap", "capture/udp-any-sll2.pcap");
        final List<Path> paths = new ArrayList<>();
        for (final String capture : captures) {
            paths.add(fixture(capture));
        }
        final List<String> seen = new ArrayList<>();
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(paths, file -> seen.add(file.file()));
        assertEquals(paths.stream().map(Path::toString).toList(), seen);
        long packets = 0;
        long datagrams = 0;
        final Map<String, Long> flows = new TreeMap<>();
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        for (final String capture : captures) {
            final List<String[]> lines = tshark(capture);
            packets += lines.size();
            datagrams += lines.stream().filter(fields -> !fields[3].equals(CUT_UDP_LENGTH)).count();
            recordedFlows(lines, recordedSource()).forEach((flow, count) -> flows.merge(flow, count, Long::sum));
            for (final String[] fields : lines) {
                earliest = Math.min(earliest, nanos(fields[0]));
                latest = Math.max(latest, nanos(fields[0]));
            }
        }
        final Traffic total = report.total();
        assertEquals(packets, total.packets());
        assertEquals(datagrams, total.datagrams());
        assertEquals(flows, flows(total));
        assertEquals(earliest, total.earliestNanos());
        assertEquals(latest, total.latestNanos());
        assertEquals("unknown", report.payloads().decoder());
        assertEquals(0, report.lateness().events());
    }
}
