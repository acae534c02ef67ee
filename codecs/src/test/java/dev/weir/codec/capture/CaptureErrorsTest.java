package dev.weir.codec.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad captures: each corrupt header is one exception naming file, offset and packet; a file cut short in its
 * last packet delivers the packets before it and reports where the cut is.
 */
class CaptureErrorsTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ByteOrder BE = ByteOrder.BIG_ENDIAN;

    @TempDir
    Path dir;

    private Path file(final byte[] bytes) {
        final Path path = dir.resolve("bad.cap");
        new CaptureBytes(LE).raw(bytes).write(path);
        return path;
    }

    private String failure(final byte[] bytes) {
        final Path path = file(bytes);
        final CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> {
            try (CaptureFile file = CaptureFile.open(path)) {
                CaptureFileTest.lines(file);
            }
        });
        return e.getMessage().replace(path.toString(), "FILE");
    }

    private static CaptureBytes pcap(final ByteOrder order) {
        return new CaptureBytes(order).pcapHeader(0xa1b2c3d4, 65535, 1);
    }

    private static CaptureBytes pcapng(final ByteOrder order) {
        return new CaptureBytes(order).sectionHeader().interfaceDescription(1, 0, -1);
    }

    @Test
    void aWrongMagicIsNotACapture() {
        assertEquals("FILE: offset 0 (packet 1): not a capture: magic 0x74696d65 is neither pcap (0xa1b2c3d4, 0xa1b23c4d,"
                + " either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages", failure("time,key,value\n".getBytes()));
        assertEquals("FILE: offset 0 (packet 1): not a capture: magic 0xa1b2c3d5 is neither pcap (0xa1b2c3d4, 0xa1b23c4d,"
                + " either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages", failure(new CaptureBytes(BE).pcapHeader(0xa1b2c3d5, 1, 1).bytes()));
    }

    @Test
    void aTruncatedFileHeaderIsAnError() {
        assertEquals("FILE: offset 0 (packet 1): truncated header: the file has 0 bytes, a capture starts with a 24-byte pcap header"
                + " or a pcapng section header block", failure(new byte[0]));
        assertEquals("FILE: offset 0 (packet 1): truncated header: the pcap file header needs 24 bytes, the file has 23",
                failure(Arrays.copyOf(pcap(LE).bytes(), 23)));
        assertEquals("FILE: offset 0 (packet 1): truncated header: the pcap file header needs 24 bytes, the file has 4",
                failure(Arrays.copyOf(pcap(BE).bytes(), 4)));
        assertEquals("FILE: offset 0 (packet 1): truncated header: the pcapng section header block needs 28 bytes, the file has 12",
                failure(Arrays.copyOf(pcapng(LE).bytes(), 12)));
    }

    @Test
    void aWrongByteOrderMagicIsAnError() {
        final byte[] first = pcapng(LE).bytes();
        first[8] = 0x4e;
        assertEquals("FILE: offset 0 (packet 1): section header block: byte-order magic 0x4e3c2b1a is not 0x1a2b3c4d in either byte order",
                failure(first));
        final CaptureBytes second = pcapng(BE).enhancedPacket(0, 1, new byte[4], 4);
        final int start = second.bytes().length;
        final byte[] bytes = second.sectionHeader().bytes();
        bytes[start + 11] = 0;
        assertEquals("FILE: offset " + start + " (packet 2): section header block: byte-order magic 0x1a2b3c00 is not 0x1a2b3c4d in"
                + " either byte order", failure(bytes));
    }

    @Test
    void aCorruptBlockLengthIsAnError() {
        final byte[] odd = pcapng(LE).enhancedPacket(0, 1, new byte[4], 4).bytes();
        odd[52] = 33; // the EPB at 48 claims 33 bytes
        assertEquals("FILE: offset 48 (packet 1): corrupt block length 33 (a multiple of 4, at least 12, at most 16842752)", failure(odd));
        final byte[] tiny = pcapng(BE).bytes();
        tiny[28 + 7] = 8;
        assertEquals("FILE: offset 28 (packet 1): corrupt block length 8 (a multiple of 4, at least 12, at most 16842752)", failure(tiny));
        final byte[] mismatch = pcapng(LE).enhancedPacket(0, 1, new byte[4], 4).enhancedPacket(0, 1, new byte[4], 4).bytes();
        mismatch[48 + 36 - 4] = 40;
        assertEquals("FILE: offset 48 (packet 1): corrupt block length 36: the length at the block's end is 40", failure(mismatch));
        final byte[] shortEpb = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, -1)
                .block(6, new byte[12]).bytes();
        assertEquals("FILE: offset 48 (packet 1): enhanced packet block: corrupt block length 24 (at least 32)", failure(shortEpb));
        final byte[] longData = pcapng(LE).enhancedPacket(0, 1, new byte[4], 4).bytes();
        longData[48 + 20] = 5; // captured length 5 in a block with 4 data bytes
        assertEquals("FILE: offset 48 (packet 1): enhanced packet: captured length 5 exceeds the block's 4 data bytes", failure(longData));
    }

    @Test
    void aPacketOfAnUndescribedInterfaceIsAnError() {
        assertEquals("FILE: offset 48 (packet 1): packet block names interface 1 but the section describes 1",
                failure(pcapng(LE).enhancedPacket(1, 1, new byte[0], 0).bytes()));
        assertEquals("FILE: offset 28 (packet 1): packet block names interface 0 but the section describes 0",
                failure(new CaptureBytes(BE).sectionHeader().simplePacket(new byte[4], 4).bytes()));
        // a new section forgets the interfaces of the one before
        assertEquals("FILE: offset 108 (packet 2): packet block names interface 0 but the section describes 0",
                failure(pcapng(LE).enhancedPacket(0, 1, new byte[0], 0).sectionHeader().enhancedPacket(0, 1, new byte[0], 0).bytes()));
    }

    @Test
    void aCorruptPcapRecordHeaderIsAnError() {
        assertEquals("FILE: offset 44 (packet 2): corrupt record header: captured length 262145 exceeds the file's snapshot length of"
                + " 65535 bytes", failure(pcap(LE).pcapRecord(0, 0, new byte[4], 4).int32(0).int32(0).int32(262_145).int32(262_145).bytes()));
        // snapshot length 0 says nothing: records up to 262,144 bytes, tcpdump's largest
        assertEquals("FILE: offset 44 (packet 2): corrupt record header: captured length 262145 exceeds 262144 bytes",
                failure(new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 0, 1).pcapRecord(0, 0, new byte[4], 4).int32(0).int32(0)
                        .int32(262_145).int32(262_145).bytes()));
        assertEquals("FILE: offset 24 (packet 1): corrupt record header: sub-second part 1000000 is not below one second",
                failure(pcap(BE).pcapRecord(0, 1_000_000, new byte[4], 4).bytes()));
        assertEquals("FILE: offset 24 (packet 1): corrupt record header: sub-second part 1000000000 is not below one second",
                failure(new CaptureBytes(LE).pcapHeader(0xa1b23c4d, 65535, 1).pcapRecord(0, 1_000_000_000, new byte[4], 4).bytes()));
    }

    @Test
    void anAbsurdLengthBeyondTheFileIsCorruptNotACut() {
        // a pcap header's snapshot length is honoured up to 16 MiB only, so 4 GiB claimed by both is corrupt
        assertEquals("FILE: offset 24 (packet 1): corrupt record header: captured length 4294967280 exceeds 16777216 bytes",
                failure(new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, -1, 1).int32(1).int32(0).int32(0xFFFF_FFF0).int32(0xFFFF_FFF0)
                        .raw(new byte[10]).bytes()));
        assertEquals("FILE: offset 44 (packet 2): corrupt record header: captured length 16777217 exceeds 16777216 bytes",
                failure(new CaptureBytes(BE).pcapHeader(0xa1b2c3d4, 1 << 30, 1).pcapRecord(0, 0, new byte[4], 4)
                        .int32(0).int32(0).int32((16 << 20) + 1).int32((16 << 20) + 1).bytes()));
        final byte[] block = pcapng(LE).enhancedPacket(0, 1, new byte[4], 4).int32(6).int32(0xFFFF_FFF0).raw(new byte[200]).bytes();
        assertEquals("FILE: offset 84 (packet 2): corrupt block length 4294967280 (a multiple of 4, at least 12, at most 16842752)",
                failure(block));
        assertEquals("FILE: offset 84 (packet 2): corrupt block length 16842756 (a multiple of 4, at least 12, at most 16842752)",
                failure(pcapng(BE).enhancedPacket(0, 1, new byte[4], 4).int32(6).int32(16_842_756).raw(new byte[16]).bytes()));
    }

    @Test
    void aTimestampPast2262IsCorruptNotWrappedAround() throws Exception {
        final String past = " is after 2262-04-11, beyond nanoseconds since 1970 in 63 bits";
        assertEquals("FILE: offset 48 (packet 1): enhanced packet: timestamp 18446744073709551615 in the units of interface 0" + past,
                failure(pcapng(LE).enhancedPacket(0, -1L, new byte[4], 4).bytes()));
        final long lastMicros = Long.MAX_VALUE / 1_000;
        assertEquals("FILE: offset 84 (packet 2): enhanced packet: timestamp " + (lastMicros + 1) + " in the units of interface 0" + past,
                failure(pcapng(BE).enhancedPacket(0, lastMicros, new byte[4], 4).enhancedPacket(0, lastMicros + 1, new byte[4], 4).bytes()));
        final long lastSeconds = (Long.MAX_VALUE - 999_999_999L) / 1_000_000_000L;
        final CaptureBytes binary = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, 0x80 | 10)
                .enhancedPacket(0, lastSeconds << 10 | 1023, new byte[4], 4).enhancedPacket(0, (lastSeconds + 1) << 10, new byte[4], 4);
        assertEquals("FILE: offset 96 (packet 2): enhanced packet: timestamp " + ((lastSeconds + 1) << 10) + " in the units of interface 0"
                + past, failure(binary.bytes()));
        // an offset of about 285 years moves a time of 2200 past 2262
        final CaptureBytes shifted = new CaptureBytes(LE).sectionHeader().interfaceDescription(1, 0, -1, 9_000_000_000L)
                .enhancedPacket(0, 7_258_118_400_000_000L, new byte[4], 4);
        assertEquals("FILE: offset 72 (packet 1): enhanced packet: timestamp 7258118400000000 in the units of interface 0" + past,
                failure(shifted.bytes()));
        assertEquals("FILE: offset 28 (packet 1): interface description: if_tsoffset -9223372036854775808 s is more than 292 years",
                failure(new CaptureBytes(BE).sectionHeader().interfaceDescription(1, 0, -1, Long.MIN_VALUE).bytes()));
        final Path last = file(pcapng(LE).enhancedPacket(0, lastMicros, new byte[4], 4).bytes());
        try (CaptureFile file = CaptureFile.open(last)) {
            final CapturePacket packet = new CapturePacket();
            assertTrue(file.next(packet));
            assertEquals(lastMicros * 1_000, packet.timestampNanos());
        }
    }

    @Test
    void aPlausibleLengthBeyondTheFileIsACut() throws Exception {
        final Path records = file(new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 1 << 30, 1).pcapRecord(0, 0, new byte[4], 4)
                .int32(0).int32(0).int32(16 << 20).int32(16 << 20).raw(new byte[8]).bytes());
        try (CaptureFile file = CaptureFile.open(records)) {
            assertEquals(1, CaptureFileTest.lines(file).size());
            assertEquals(44, file.truncatedAt());
        }
        final Path blocks = file(pcapng(LE).enhancedPacket(0, 1, new byte[4], 4).int32(6).int32(16_842_752).raw(new byte[16]).bytes());
        try (CaptureFile file = CaptureFile.open(blocks)) {
            assertEquals(1, CaptureFileTest.lines(file).size());
            assertEquals(84, file.truncatedAt());
        }
    }

    @Test
    void anIncompleteAdvertisedHeaderIsAnErrorNotATruncation() {
        final byte[] option = new CaptureBytes(LE).sectionHeader()
                .block(1, new CaptureBytes(LE).int16(1).int16(0).int32(0).int16(9).int16(40).int32(0).bytes()).bytes();
        assertEquals("FILE: offset 28 (packet 1): interface description: option 9 of 40 bytes runs past the block", failure(option));
        final byte[] resolution = pcapng(LE).bytes();
        final byte[] fine = new CaptureBytes(LE).raw(Arrays.copyOf(resolution, 28)).interfaceDescription(1, 0, 19).bytes();
        assertEquals("FILE: offset 28 (packet 1): interface description: if_tsresol 0x13 is finer than this reader supports",
                failure(fine));
    }

    private void assertTruncated(final byte[] complete, final int cut, final List<Long> ordinals, final long truncatedAt) {
        final Path path = file(Arrays.copyOf(complete, cut));
        try (CaptureFile file = CaptureFile.open(path)) {
            final CapturePacket packet = new CapturePacket();
            final List<Long> read = new ArrayList<>();
            while (file.next(packet)) {
                read.add(packet.ordinal());
            }
            assertEquals(ordinals, read, "cut at " + cut);
            assertEquals(truncatedAt, file.truncatedAt(), "cut at " + cut);
            assertFalse(file.next(packet));
        }
    }

    @Test
    void aFileCutInItsLastPacketDeliversThePacketsBeforeIt() {
        // records at 24 (20 bytes), 44 (21 bytes), 65 (20 bytes), end 85
        final byte[] pcap = pcap(LE).pcapRecord(1, 0, new byte[4], 4).pcapRecord(2, 0, new byte[5], 5).pcapRecord(3, 0, new byte[4], 4).bytes();
        assertTruncated(pcap, 84, List.of(1L, 2L), 65); // in the data
        assertTruncated(pcap, 70, List.of(1L, 2L), 65); // in the record header
        assertTruncated(pcap, 65, List.of(1L, 2L), -1); // at a record boundary: complete
        assertTruncated(pcap, 25, List.of(), 24);
        // blocks at 48 (36 bytes), 84 (36 bytes), end 120
        final byte[] pcapng = pcapng(BE).enhancedPacket(0, 1, new byte[4], 4).enhancedPacket(0, 2, new byte[4], 4).bytes();
        assertTruncated(pcapng, 119, List.of(1L), 84); // in the trailing length
        assertTruncated(pcapng, 90, List.of(1L), 84); // in the block header
        assertTruncated(pcapng, 40, List.of(), 28); // in an interface description
        assertTruncated(pcapng, 84, List.of(1L), -1);
    }

    @Test
    void aMissingFileNamesTheFile() {
        final Path path = dir.resolve("missing.pcap");
        final UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> CaptureFile.open(path));
        assertEquals(path + ": cannot read: " + path, e.getMessage());
    }
}
