package dev.weir.codec.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real captures recorded by tcpdump on loopback (src/test/resources/capture/record-fixtures.sh): the reader's
 * timestamps, destinations, ports and UDP lengths equal tshark's dump of the same file. The capture's snapshot
 * length (512) cuts one datagram short: the decoder skips it as cut by the snapshot length (not malformed), tshark
 * still shows its UDP length.
 */
class CaptureFixturesTest {
    private static Path fixture(final String name) throws URISyntaxException {
        return Path.of(CaptureFixturesTest.class.getResource("/capture/" + name).toURI());
    }

    /** tshark's lines, the datagram cut by the snapshot length reduced to its timestamp and "cut". */
    private static List<String> tshark(final String capture) throws IOException, URISyntaxException {
        final List<String> lines = new ArrayList<>();
        for (final String line : Files.readAllLines(fixture(capture + ".tshark.txt"))) {
            final String[] fields = line.split("\t");
            lines.add(fields[3].equals("708") ? fields[0] + "\tcut" : line);
        }
        return lines;
    }

    private static String seconds(final long nanos) {
        return nanos / 1_000_000_000L + "." + String.format("%09d", nanos % 1_000_000_000L);
    }

    private static List<String> ours(final CaptureFile file, final DatagramDecoder decoder, final int linkType) throws IOException {
        final List<String> lines = new ArrayList<>();
        final CapturePacket packet = new CapturePacket();
        final Datagram datagram = new Datagram();
        final byte[] address = new byte[4];
        while (file.next(packet)) {
            assertEquals(linkType, packet.linkType());
            if (decoder.decode(packet, datagram)) {
                datagram.buffer().getBytes(datagram.destinationAddressOffset(), address);
                lines.add(seconds(packet.timestampNanos()) + "\t" + InetAddress.getByAddress(address).getHostAddress() + "\t"
                        + datagram.destinationPort() + "\t" + (datagram.payloadLength() + 8));
            } else {
                assertTrue(packet.capturedLength() == 512 && packet.originalLength() > 512, "packet " + packet.ordinal());
                lines.add(seconds(packet.timestampNanos()) + "\tcut");
            }
        }
        return lines;
    }

    private static void assertSameAsTshark(final String capture, final CaptureFormat format, final int linkType, final long truncatedAt)
            throws Exception {
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        try (CaptureFile file = CaptureFile.open(fixture(capture))) {
            assertEquals(format, file.format());
            final List<String> expected = tshark(capture);
            assertEquals(expected, ours(file, decoder, linkType));
            assertEquals(truncatedAt, file.truncatedAt());
            assertEquals(expected.size() - 1, decoder.datagrams());
            assertEquals(0, decoder.malformed());
            assertEquals(1, decoder.cutBySnapLength());
            assertEquals(0, decoder.lengthMismatches());
        }
    }

    @Test
    void microsecondPcapOnLoopbackMatchesTshark() throws Exception {
        assertSameAsTshark("udp-lo-us.pcap", CaptureFormat.PCAP_MICROSECONDS, LinkType.EN10MB, -1);
    }

    @Test
    void nanosecondPcapOnLoopbackMatchesTshark() throws Exception {
        assertSameAsTshark("udp-lo-ns.pcap", CaptureFormat.PCAP_NANOSECONDS, LinkType.EN10MB, -1);
    }

    @Test
    void pcapngFromEditcapMatchesTshark() throws Exception {
        assertSameAsTshark("udp-lo-ns.pcapng", CaptureFormat.PCAPNG, LinkType.EN10MB, -1);
    }

    @Test
    void linuxCookedV2OnAnyInterfaceMatchesTshark() throws Exception {
        assertSameAsTshark("udp-any-sll2.pcap", CaptureFormat.PCAP_MICROSECONDS, LinkType.LINUX_SLL2, -1);
    }

    @Test
    void aCaptureCutInItsLastPacketMatchesTsharkUpToTheCut() throws Exception {
        // four complete records (16-byte headers; frames of 14 + 20 + 8 + payload bytes) after the 24-byte file header
        final long cut = 24 + (16 + 43) + (16 + 47) + (16 + 242) + (16 + 42);
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        try (CaptureFile file = CaptureFile.open(fixture("udp-lo-cut.pcap"))) {
            assertEquals(tshark("udp-lo-cut.pcap"), ours(file, decoder, LinkType.EN10MB));
            assertEquals(cut, file.truncatedAt());
            assertEquals(4, decoder.datagrams());
        }
    }
}
