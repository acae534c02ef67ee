package dev.weir.codec.capture;

import static dev.weir.codec.capture.PacketBytes.ethernet;
import static dev.weir.codec.capture.PacketBytes.ipv4Udp;
import static dev.weir.codec.capture.PacketBytes.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edge cases of a pcapng torture suite, rebuilt byte by byte: lengths that the snapshot length makes corrupt
 * rather than cut short, simple packet blocks without a timestamp, datagrams cut by the snapshot length, and IP and
 * UDP lengths that disagree.
 */
class CaptureEdgeCasesTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ByteOrder BE = ByteOrder.BIG_ENDIAN;
    /** 2023-11-14T22:13:20Z in microseconds. */
    private static final long T0_MICROS = 1_700_000_000_000_000L;

    @TempDir
    Path dir;

    private Path file(final byte[] bytes) {
        return new CaptureBytes(LE).raw(bytes).write(dir.resolve("edge.cap"));
    }

    private String failure(final byte[] bytes) {
        final Path path = file(bytes);
        final CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> {
            try (CaptureFile capture = CaptureFile.open(path)) {
                final CapturePacket packet = new CapturePacket();
                while (capture.next(packet)) {
                    // read to the fault
                }
            }
        });
        return e.getMessage().replace(path.toString(), "FILE");
    }

    /** Reads the whole file: each packet's number, offset and time in ms, then "cut at N" if it ends inside a packet. */
    private List<String> read(final byte[] bytes) {
        final List<String> lines = new ArrayList<>();
        try (CaptureFile capture = CaptureFile.open(file(bytes))) {
            final CapturePacket packet = new CapturePacket();
            while (capture.next(packet)) {
                lines.add(packet.ordinal() + " @" + packet.fileOffset() + " t" + packet.timestampNanos() / 1_000_000);
            }
            if (capture.truncatedAt() >= 0) {
                lines.add("cut at " + capture.truncatedAt());
            }
            lines.add("untimed " + capture.untimedPackets());
        }
        return lines;
    }

    private static byte[] frame(final int payloadBytes) {
        return ethernet(0x0800, ipv4Udp("10.0.0.1", "10.0.0.2", udp(1234, 8125, new byte[payloadBytes])));
    }

    @Test
    void anEnhancedPacketBlockLongerThanItsSnapLengthAllowsIsCorruptEvenWhereTheFileEndsAfterIt() {
        // a block whose total length became 16 MiB, 800 KB of the file after it, on an interface of snap length 4,096
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 4096, -1)
                .enhancedPacket(0, T0_MICROS, frame(10), 52)
                .int32(6).int32(16 << 20).raw(new byte[800_000]);
        assertEquals("FILE: offset 132 (packet 2): enhanced packet: corrupt block length 16777216: interface 0's snapshot length of 4096"
                + " bytes allows at most 69664", failure(bytes.bytes()));
        // the largest block the snapshot length allows, cut by the end of the file, is a capture cut short
        final CaptureBytes cut = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 4096, -1)
                .enhancedPacket(0, T0_MICROS, frame(10), 52)
                .int32(6).int32(69_664).raw(new byte[1_000]);
        assertEquals(List.of("1 @48 t1700000000000", "cut at 132", "untimed 0"), read(cut.bytes()));
    }

    @Test
    void anEnhancedPacketCapturingMoreThanItsSnapLengthIsCorrupt() {
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 64, -1)
                .enhancedPacket(0, T0_MICROS, new byte[64], 64).enhancedPacket(0, T0_MICROS, new byte[65], 65);
        assertEquals("FILE: offset 144 (packet 2): enhanced packet: captured length 65 exceeds interface 0's snapshot length of 64 bytes",
                failure(bytes.bytes()));
    }

    @Test
    void aSimplePacketBlockLongerThanTheSnapLengthIsCorrupt() {
        final CaptureBytes bytes = new CaptureBytes(BE).sectionHeader().interfaceDescription(1, 64, -1)
                .simplePacket(new byte[68], 68);
        assertEquals("FILE: offset 48 (packet 1): simple packet: corrupt block length 84: interface 0's snapshot length of 64 bytes"
                + " allows at most 80", failure(bytes.bytes()));
    }

    @Test
    void anInterfaceWithoutASnapLengthKeepsTheReadersOwnBound() {
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, -1)
                .enhancedPacket(0, T0_MICROS, new byte[100_000], 100_000);
        assertEquals(List.of("1 @48 t1700000000000", "untimed 0"), read(bytes.bytes()));
    }

    @Test
    void aPcapRecordLongerThanTheSnapLengthIsCorruptWhereTheFileEndsAfterIt() {
        final CaptureBytes bytes = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 4096, 1)
                .pcapRecord(1_700_000_000L, 0, frame(10), 52)
                .int32(1_700_000_001L).int32(0).int32(4097).int32(4097).raw(new byte[100]);
        assertEquals("FILE: offset 92 (packet 2): corrupt record header: captured length 4097 exceeds the file's snapshot length of 4096"
                + " bytes", failure(bytes.bytes()));
        final CaptureBytes cut = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 4096, 1)
                .pcapRecord(1_700_000_000L, 0, frame(10), 52)
                .int32(1_700_000_001L).int32(0).int32(4096).int32(4096).raw(new byte[100]);
        assertEquals(List.of("1 @24 t1700000000000", "cut at 92", "untimed 0"), read(cut.bytes()));
        // 262,144 (tcpdump's default) is a snapshot length like any other
        final CaptureBytes large = new CaptureBytes(BE).pcapHeader(0xa1b2c3d4, 262_144, 1)
                .pcapRecord(1_700_000_000L, 0, new byte[262_144], 262_144);
        assertEquals(List.of("1 @24 t1700000000000", "untimed 0"), read(large.bytes()));
    }

    @Test
    void simplePacketBlocksTakeTheTimeOfThePacketBeforeThemOrOfTheFirstAfterThem() {
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, -1)
                .simplePacket(frame(4), 46)
                .simplePacket(frame(4), 46)
                .enhancedPacket(0, T0_MICROS + 5_000, frame(4), 46)
                .simplePacket(frame(4), 46)
                .enhancedPacket(0, T0_MICROS + 9_000, frame(4), 46);
        assertEquals(List.of("1 @48 t1700000000005", "2 @112 t1700000000005", "3 @176 t1700000000005", "4 @256 t1700000000005",
                "5 @320 t1700000000009", "untimed 3"), read(bytes.bytes()));
    }

    @Test
    void simplePacketBlocksWithoutAnyTimedPacketStayAtZero() {
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, -1).simplePacket(frame(4), 46);
        assertEquals(List.of("1 @48 t0", "untimed 1"), read(bytes.bytes()));
    }

    private static final class Decoded {
        final List<Integer> payloadLengths = new ArrayList<>();
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
    }

    /** Decodes pcap records given as (captured bytes, original length) pairs. */
    private Decoded decode(final Object... records) {
        final CaptureBytes bytes = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 65_535, 1);
        for (int i = 0; i < records.length; i += 2) {
            bytes.pcapRecord(1_700_000_000L + i, 0, (byte[]) records[i], (Integer) records[i + 1]);
        }
        final Decoded decoded = new Decoded();
        try (CaptureFile capture = CaptureFile.open(file(bytes.bytes()))) {
            final CapturePacket packet = new CapturePacket();
            final Datagram datagram = new Datagram();
            while (capture.next(packet)) {
                if (decoded.decoder.decode(packet, datagram)) {
                    decoded.payloadLengths.add(datagram.payloadLength());
                }
            }
        }
        return decoded;
    }

    /** A frame with its IPv4 total length (frame bytes 16-17) set to {@code totalLength}. */
    private static byte[] withIpLength(final byte[] frame, final int totalLength) {
        final byte[] copy = frame.clone();
        copy[16] = (byte) (totalLength >>> 8);
        copy[17] = (byte) totalLength;
        return copy;
    }

    @Test
    void aDatagramCutByTheSnapLengthIsCountedApartFromMalformedOnes() {
        final byte[] whole = frame(100); // 14 + 20 + 8 + 100 bytes
        final Decoded decoded = decode(
                Arrays.copyOf(whole, 96), whole.length, // cut by the snapshot length: well-formed on the wire
                Arrays.copyOf(whole, 20), whole.length, // cut inside the IP header
                Arrays.copyOf(whole, 96), 96); // as long on the wire as captured: its lengths lie
        assertEquals(List.of(), decoded.payloadLengths);
        assertEquals(2, decoded.decoder.cutBySnapLength());
        assertEquals(1, decoded.decoder.malformed());
        assertEquals(0, decoded.decoder.lengthMismatches());
    }

    @Test
    void aUdpLengthShorterThanTheIpLengthIsTheDatagramAndTheMismatchIsCounted() {
        final byte[] frame = frame(10); // IP total length 38, UDP length 18
        final Decoded decoded = decode(
                frame, frame.length,
                withIpLength(frame, 1_500), frame.length, // IP length past the captured bytes: the UDP length is the smaller
                withIpLength(frame, 40), frame.length + 2, // 2 bytes more on the wire, cut by the snapshot length
                withIpLength(frame, 34), frame.length, // IP length shorter than the UDP length: the datagram is not whole
                withIpLength(frame, 27), frame.length); // IP length leaves no room for the UDP header
        assertEquals(List.of(10, 10, 10), decoded.payloadLengths);
        assertEquals(2, decoded.decoder.lengthMismatches());
        assertEquals(2, decoded.decoder.malformed());
        assertEquals(0, decoded.decoder.cutBySnapLength());
    }

    @Test
    void anEthernetPaddedFrameIsNoMismatch() {
        final byte[] padded = Arrays.copyOf(frame(2), 60); // 44 bytes of frame, padded to Ethernet's minimum
        final Decoded decoded = decode(padded, 60);
        assertEquals(List.of(2), decoded.payloadLengths);
        assertEquals(0, decoded.decoder.lengthMismatches());
        assertEquals(0, decoded.decoder.malformed());
        assertEquals(1, decoded.decoder.datagrams());
    }
}
