package dev.weir.codec.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading pcap and pcapng files built byte by byte: formats, byte orders, resolutions, sections, interfaces. */
class CaptureFileTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ByteOrder BE = ByteOrder.BIG_ENDIAN;

    @TempDir
    Path dir;

    /** A packet's values as a line, so that a whole file compares in one assertion. */
    static String line(final CapturePacket p) {
        final StringBuilder bytes = new StringBuilder();
        for (int i = 0; i < p.capturedLength(); i++) {
            bytes.append(String.format("%02x", p.buffer().getByte(p.offset() + i)));
        }
        return p.ordinal() + " @" + p.fileOffset() + " if" + p.interfaceIndex() + " link" + p.linkType() + " t" + p.timestampNanos()
                + " cap" + p.capturedLength() + " orig" + p.originalLength() + " data@" + p.offset() + "=" + bytes;
    }

    static List<String> lines(final CaptureFile file) {
        final List<String> lines = new ArrayList<>();
        final CapturePacket packet = new CapturePacket();
        while (file.next(packet)) {
            lines.add(line(packet));
        }
        return lines;
    }

    private List<String> read(final CaptureBytes bytes, final CaptureFormat expectedFormat) {
        try (CaptureFile file = CaptureFile.open(bytes.write(dir.resolve("c")))) {
            assertEquals(expectedFormat, file.format());
            final List<String> lines = lines(file);
            assertEquals(-1, file.truncatedAt());
            return lines;
        }
    }

    private static byte[] data(final int... values) {
        final byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    @Test
    void pcapInBothByteOrdersWithMicrosecondTimestamps() {
        for (final ByteOrder order : new ByteOrder[] {LE, BE}) {
            final CaptureBytes bytes = new CaptureBytes(order).pcapHeader(0xa1b2c3d4, 65535, 1)
                    .pcapRecord(1_700_000_000L, 999_999, data(1, 2, 3), 60)
                    .pcapRecord(4_000_000_000L, 7, data(), 0);
            assertEquals(List.of("1 @24 if0 link1 t1700000000999999000 cap3 orig60 data@40=010203",
                    "2 @43 if0 link1 t4000000000000007000 cap0 orig0 data@59="), read(bytes, CaptureFormat.PCAP_MICROSECONDS), order.toString());
        }
    }

    @Test
    void pcapInBothByteOrdersWithNanosecondTimestamps() {
        for (final ByteOrder order : new ByteOrder[] {LE, BE}) {
            final CaptureBytes bytes = new CaptureBytes(order).pcapHeader(0xa1b23c4d, 65535, 113)
                    .pcapRecord(1_700_000_000L, 999_999_999, data(0xff), 1)
                    .pcapRecord(1, 1, data(0, 0xab), 2);
            assertEquals(List.of("1 @24 if0 link113 t1700000000999999999 cap1 orig1 data@40=ff",
                    "2 @41 if0 link113 t1000000001 cap2 orig2 data@57=00ab"),
                    read(bytes, CaptureFormat.PCAP_NANOSECONDS), order.toString());
        }
    }

    @Test
    void pcapLinkTypeIgnoresTheFcsBitsAbove16() {
        final CaptureBytes bytes = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 65535, 0x1400_0000 | 276).pcapRecord(0, 0, data(9), 1);
        assertEquals(List.of("1 @24 if0 link276 t0 cap1 orig1 data@40=09"), read(bytes, CaptureFormat.PCAP_MICROSECONDS));
    }

    @Test
    void pcapngSectionsInterfacesResolutionsUnknownAndSimpleBlocks() {
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader() // 0: 28 bytes
                .interfaceDescription(1, 0, -1) // 28: 20 bytes, microseconds by default
                .interfaceDescription(101, 0, 9) // 48: 32 bytes, nanoseconds
                .enhancedPacket(1, 1_700_000_000_123_456_789L, data(0x45), 1) // 80: 36 bytes
                .block(0x0BAD, data(1, 2, 3, 4, 5)) // 116: 20 bytes, skipped
                .enhancedPacket(0, 1_700_000_000_123_456L, data(1, 2, 3, 4, 5), 1500) // 136: 40 bytes
                .simplePacket(data(7, 7), 2) // 176: 20 bytes, the previous packet's timestamp
                .order(BE).sectionHeader() // 196: a new section, big-endian, without interfaces
                .interfaceDescription(0, 0, 3) // 224: milliseconds
                .interfaceDescription(276, 0, 0x80 | 10) // 256: 2^-10 seconds
                .enhancedPacket(1, (5L << 10) | 512, data(0xaa, 0xbb, 0xcc, 0xdd), 4) // 288: 36 bytes
                .enhancedPacket(0, 1_700_000_000_001L, data(), 0); // 324
        assertEquals(List.of("1 @80 if1 link101 t1700000000123456789 cap1 orig1 data@108=45",
                "2 @136 if0 link1 t1700000000123456000 cap5 orig1500 data@164=0102030405",
                "3 @176 if0 link1 t1700000000123456000 cap2 orig2 data@188=0707",
                "4 @288 if1 link276 t5500000000 cap4 orig4 data@316=aabbccdd",
                "5 @324 if0 link0 t1700000000001000000 cap0 orig0 data@352="), read(bytes, CaptureFormat.PCAPNG));
    }

    @Test
    void simplePacketIsCutToTheInterfaceSnapLengthAndIsTimestampZeroWithoutATimedPacket() {
        final CaptureBytes bytes = new CaptureBytes(BE).sectionHeader().interfaceDescription(1, 3, -1)
                .simplePacket(data(1, 2, 3, 4), 9);
        assertEquals(List.of("1 @48 if0 link1 t0 cap3 orig9 data@60=010203"), read(bytes, CaptureFormat.PCAPNG));
    }

    @Test
    void anInterfaceTimestampOffsetAddsWholeSeconds() {
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, 3, 1_700_000_000L)
                .interfaceDescription(1, 0, -1, -10).enhancedPacket(0, 1_234, data(1), 1).enhancedPacket(1, 20_000_001, data(2), 1);
        assertEquals(List.of("1 @124 if0 link1 t1700000001234000000 cap1 orig1 data@152=01",
                "2 @160 if1 link1 t10000001000 cap1 orig1 data@188=02"), read(bytes, CaptureFormat.PCAPNG));
    }

    @Test
    void resolutionsInBothFormsConvertExactly() {
        assertEquals(1_500_000L, TimestampResolution.toNanos(1_500, 6));
        assertEquals(1_500L, TimestampResolution.toNanos(1_500, 9));
        assertEquals(2_000_000_000L, TimestampResolution.toNanos(2, 0));
        assertEquals(1_700_000_123_456L, TimestampResolution.toNanos(1_700_000_123_456_789L, 12));
        assertEquals(18_446_744_073_709_551L, TimestampResolution.toNanos(-1L, 12));
        assertEquals(1_234L, TimestampResolution.toNanos(1_234_999L, 12));
        assertEquals(3L, TimestampResolution.toNanos(3_999_999_999L, 18));
        assertEquals(2_500_000_000L, TimestampResolution.toNanos(5, 0x81));
        assertEquals(1_000_000_000L + 500_000_000L + 250_000_000L, TimestampResolution.toNanos((1L << 32) | (3L << 30), 0x80 | 32));
        assertEquals(1_700_000_000_000_000_000L + 999_999_999L, TimestampResolution.toNanos((1_700_000_000L << 32) | 0xFFFF_FFFFL, 0x80 | 32));
        assertEquals(0L, TimestampResolution.toNanos(1, 0x80 | 63));
        assertEquals(3_999_999_999L, TimestampResolution.toNanos(Long.MAX_VALUE, 0x80 | 61));
        assertTrue(TimestampResolution.supported(18));
        assertFalse(TimestampResolution.supported(19));
        assertTrue(TimestampResolution.supported(0x80 | 63));
        assertFalse(TimestampResolution.supported(0x80 | 64));
    }

    @Test
    void rewindReadsTheSamePacketsAgain() {
        final CaptureBytes bytes = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, -1)
                .enhancedPacket(0, 10, data(1), 1).enhancedPacket(0, 20, data(2), 1);
        try (CaptureFile file = CaptureFile.open(bytes.write(dir.resolve("r.pcapng")))) {
            final List<String> first = lines(file);
            file.rewind();
            assertEquals(first, lines(file));
            assertEquals(2, first.size());
        }
    }

    @Test
    void packetBytesAreTheFilesBytes() {
        final byte[] payload = data(0xde, 0xad, 0xbe, 0xef, 0x01);
        try (CaptureFile file = CaptureFile.open(new CaptureBytes(BE).pcapHeader(0xa1b2c3d4, 100, 1)
                .pcapRecord(0, 0, payload, 5).write(dir.resolve("b.pcap")))) {
            final CapturePacket packet = new CapturePacket();
            assertTrue(file.next(packet));
            final byte[] copy = new byte[packet.capturedLength()];
            packet.buffer().getBytes(packet.offset(), copy);
            assertArrayEquals(payload, copy);
            assertEquals(45, file.length());
            assertFalse(file.next(packet));
        }
    }
}
