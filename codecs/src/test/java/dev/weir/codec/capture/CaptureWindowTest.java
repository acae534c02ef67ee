package dev.weir.codec.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading through windows smaller than the file: every window size from one byte to past the file's length, so that
 * every record header, pcap record, pcapng block and ITCH message straddles a window's edge somewhere, gives exactly
 * the packets, file offsets, truncation offsets and error offsets of one window over the whole file; so does the
 * same file gzip-compressed, through inflated windows of every size.
 */
class CaptureWindowTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final ByteOrder BE = ByteOrder.BIG_ENDIAN;

    @TempDir
    Path dir;

    /** A packet as a line, with the file offset of its first byte instead of its index in the window. */
    private static String line(final CapturePacket p) {
        final StringBuilder bytes = new StringBuilder();
        for (int i = 0; i < p.capturedLength(); i++) {
            bytes.append(String.format("%02x", p.buffer().getByte(p.offset() + i)));
        }
        return p.ordinal() + " @" + p.fileOffset() + " if" + p.interfaceIndex() + " link" + p.linkType() + " t" + p.timestampNanos()
                + " cap" + p.capturedLength() + " orig" + p.originalLength() + " data@" + p.fileOffsetOf(p.offset()) + "=" + bytes;
    }

    /** The packets, then how the file ended: {@code end}, {@code cut at N} or the error's message (the file named FILE). */
    private static List<String> read(final Path file, final int window, final int inflatedWindow) {
        final List<String> lines = new ArrayList<>();
        try (CaptureFile capture = CaptureFile.open(file, window, inflatedWindow)) {
            final CapturePacket packet = new CapturePacket();
            try {
                while (capture.next(packet)) {
                    lines.add(line(packet));
                }
                lines.add(capture.truncatedAt() < 0 ? "end" : "cut at " + capture.truncatedAt());
            } catch (final CaptureFormatException e) {
                lines.add(e.getMessage().replace(file.toString(), "FILE"));
            }
        } catch (final CaptureFormatException e) {
            lines.add("open: " + e.getMessage().replace(file.toString(), "FILE"));
        }
        return lines;
    }

    private static byte[] data(final int length, final int seed) {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (seed + i * 7);
        }
        return bytes;
    }

    private Path write(final String name, final byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] gzip(final byte[] bytes) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Reads the bytes through one window over the whole file, then through every smaller window, plain and gzipped:
     * all give the same lines.
     *
     * @return the lines of the whole-file read
     */
    private List<String> sameThroughEveryWindow(final byte[] bytes) {
        final Path plain = write("plain", bytes);
        final Path gzipped = write("gzipped", gzip(bytes));
        final List<String> whole = read(plain, bytes.length + 1, bytes.length + 1);
        for (int window = 1; window <= bytes.length + 1; window++) {
            assertEquals(whole, read(plain, window, 1), "mapped window of " + window + " bytes");
            assertEquals(whole, read(gzipped, 1, window), "inflated window of " + window + " bytes");
        }
        return whole;
    }

    @Test
    void pcapRecordsInBothByteOrdersStraddleEveryWindowEdge() {
        for (final ByteOrder order : List.of(LE, BE)) {
            final byte[] bytes = new CaptureBytes(order).pcapHeader(0xa1b23c4d, 65535, 1).pcapRecord(1, 5, data(33, 1), 33)
                    .pcapRecord(2, 6, data(0, 0), 0).pcapRecord(3, 7, data(70, 9), 90).pcapRecord(4, 8, data(1, 4), 1).bytes();
            assertEquals(List.of("1 @24 if0 link1 t1000000005 cap33 orig33 data@40=" + hex(data(33, 1)),
                    "2 @73 if0 link1 t2000000006 cap0 orig0 data@89=",
                    "3 @89 if0 link1 t3000000007 cap70 orig90 data@105=" + hex(data(70, 9)),
                    "4 @175 if0 link1 t4000000008 cap1 orig1 data@191=04", "end"), sameThroughEveryWindow(bytes));
        }
    }

    @Test
    void pcapngBlocksOfEveryKindStraddleEveryWindowEdge() {
        final byte[] bytes = new CaptureBytes(LE).sectionHeader() // 0
                .interfaceDescription(101, 0, 9, 0) // 28: with an if_name option
                .enhancedPacket(0, 1_000, data(17, 3), 17) // 68
                .block(0x0BAD, data(41, 5)) // 116: skipped
                .simplePacket(data(6, 2), 6) // 176
                .order(BE).sectionHeader() // 200
                .interfaceDescription(1, 0, 6) // 228
                .enhancedPacket(0, 2_000_000, data(5, 8), 5) // 260
                .bytes();
        assertEquals(List.of("1 @68 if0 link101 t1000 cap17 orig17 data@96=" + hex(data(17, 3)),
                "2 @176 if0 link101 t1000 cap6 orig6 data@188=" + hex(data(6, 2)),
                "3 @260 if0 link1 t2000000000 cap5 orig5 data@288=" + hex(data(5, 8)), "end"), sameThroughEveryWindow(bytes));
    }

    @Test
    void itchMessagesStraddleEveryWindowEdge() {
        final byte[] bytes = itchMessages();
        assertEquals(List.of("1 @0 if0 link65536 t34200000000001 cap12 orig12 data@2=" + hex(Arrays.copyOfRange(bytes, 2, 14)),
                "2 @14 if0 link65536 t34200000000002 cap36 orig36 data@16=" + hex(Arrays.copyOfRange(bytes, 16, 52)),
                "3 @52 if0 link65536 t34200000000003 cap44 orig44 data@54=" + hex(Arrays.copyOfRange(bytes, 54, 98)), "end"),
                sameThroughEveryWindow(bytes));
    }

    @Test
    void aFileCutAnywhereEndsAtTheSameOffsetThroughEveryWindow() {
        // records at 24 (46 bytes) and 70 (36 bytes), ending at 106
        final byte[] pcap = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 65535, 1).pcapRecord(1, 5, data(30, 1), 30)
                .pcapRecord(2, 6, data(20, 2), 20).bytes();
        for (int cut = 25; cut < pcap.length; cut++) {
            assertEquals(cut == 70 ? "end" : "cut at " + (cut < 70 ? 24 : 70), last(sameThroughEveryWindow(Arrays.copyOf(pcap, cut))),
                    "pcap cut at byte " + cut);
        }
        // blocks at 28 (20 bytes), 48 (56 bytes) and 104 (44 bytes), ending at 148
        final byte[] pcapng = new CaptureBytes(BE).sectionHeader().interfaceDescription(1, 0, -1).enhancedPacket(0, 1, data(22, 3), 22)
                .enhancedPacket(0, 2, data(9, 4), 9).bytes();
        for (int cut = 29; cut < pcapng.length; cut++) {
            final String expected = cut == 48 || cut == 104 ? "end" : "cut at " + (cut < 48 ? 28 : cut < 104 ? 48 : 104);
            assertEquals(expected, last(sameThroughEveryWindow(Arrays.copyOf(pcapng, cut))), "pcapng cut at byte " + cut);
        }
    }

    @Test
    void aMessageFileCutInsideAMessageNamesItsOffsetThroughEveryWindow() {
        final byte[] bytes = itchMessages();
        assertEquals("FILE: offset 52 (packet 3): the file ends inside message 3: its length field says 44 bytes,"
                + " 43 follow", last(sameThroughEveryWindow(Arrays.copyOf(bytes, bytes.length - 1))));
        assertEquals("FILE: offset 52 (packet 3): the file ends inside the length field of message 3 (1 of its 2"
                + " bytes)", last(sameThroughEveryWindow(Arrays.copyOf(bytes, 53))));
    }

    @Test
    void aCorruptRecordHeaderHasTheSameOffsetThroughEveryWindow() {
        final byte[] bytes = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 65535, 1).pcapRecord(1, 5, data(30, 1), 30)
                .int32(2).int32(2_000_000).int32(1).int32(1).int8(0).bytes();
        assertEquals("FILE: offset 70 (packet 2): corrupt record header: sub-second part 2000000 is not below one"
                + " second", last(sameThroughEveryWindow(bytes)));
    }

    @Test
    void aDamagedGzipStreamNamesTheUncompressedOffsetWhereInflatingFailed() {
        final byte[] one = Arrays.copyOfRange(itchMessages(), 0, 14);
        final byte[] messages = new byte[14 * 1000];
        for (int i = 0; i < 1000; i++) {
            System.arraycopy(one, 0, messages, i * 14, 14);
        }
        final byte[] compressed = gzip(messages);
        // without the last 4 bytes of its trailer: every message inflates, then the stream ends too early
        final Path cut = write("cut.gz", Arrays.copyOf(compressed, compressed.length - 4));
        for (final int window : new int[] {1, 13, 64, 14_000, 20_000}) {
            final List<String> lines = read(cut, 1, window);
            assertEquals(1001, lines.size(), "window " + window);
            assertEquals("1000 @13986 if0 link65536 t34200000000001 cap12 orig12 data@13988=" + hex(Arrays.copyOfRange(one, 2, 14)),
                    lines.get(999));
            assertEquals("FILE: offset 14000 (packet 1001): corrupt gzip stream: it ends before its last member does (the file is"
                    + " cut short) (offsets of a gzip capture count its uncompressed bytes)", lines.get(1000));
        }
        final byte[] junk = {0x1f, (byte) 0x8b, 7, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3};
        assertEquals(List.of("open: FILE: offset 0 (packet 1): corrupt gzip stream: unsupported compression method (its header cannot"
                + " be read)"), read(write("junk.gz", junk), 1, 64));
    }

    @Test
    void gzipIsDetectedByItsMagicNotItsName() {
        final byte[] bytes = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 65535, 1).pcapRecord(1, 5, data(3, 1), 3).bytes();
        try (CaptureFile capture = CaptureFile.open(write("no-suffix.pcap", gzip(bytes)))) {
            assertEquals(true, capture.compressed());
            assertEquals(CaptureFormat.PCAP_MICROSECONDS, capture.format());
        }
        try (CaptureFile capture = CaptureFile.open(write("plain.pcap.gz", bytes))) {
            assertEquals(false, capture.compressed());
        }
    }

    @Test
    void bytesReadCountTheFilesOwnBytesForProgressCompressedOnesForGzip() throws IOException {
        final CaptureBytes builder = new CaptureBytes(LE).pcapHeader(0xa1b2c3d4, 65535, 1);
        for (int i = 0; i < 2_000; i++) {
            builder.pcapRecord(i, 0, data(100 + i % 50, i), 100 + i % 50);
        }
        final byte[] bytes = builder.bytes();
        final Path plain = write("p.pcap", bytes);
        try (CaptureFile capture = CaptureFile.open(plain, 4096, 1)) {
            final CapturePacket packet = new CapturePacket();
            while (capture.next(packet)) {
                assertEquals(packet.fileOffset(), capture.bytesRead());
            }
            assertEquals(bytes.length, capture.length());
        }
        final Path gzipped = write("p.pcap.gz", gzip(bytes));
        try (CaptureFile capture = CaptureFile.open(gzipped, 1, 4096)) {
            final CapturePacket packet = new CapturePacket();
            long before = 0;
            long packets = 0;
            while (capture.next(packet)) {
                final long read = capture.bytesRead();
                assertEquals(true, read >= before && read <= Files.size(gzipped), "compressed bytes taken in: " + read);
                before = read;
                packets++;
            }
            assertEquals(2_000, packets);
            assertEquals(Files.size(gzipped), capture.bytesRead(), "the whole compressed file is taken in by the end");
            assertEquals(Files.size(gzipped), capture.length());
        }
    }

    private static String last(final List<String> lines) {
        return lines.get(lines.size() - 1);
    }

    /** Three length-prefixed ITCH messages: a system event (12 bytes), an add order (36) and a trade (44). */
    static byte[] itchMessages() {
        final CaptureBytes bytes = new CaptureBytes(BE);
        bytes.int16(12).int8('S').int16(0).int16(0).int16((int) (34_200_000_000_001L >>> 32)).int32(34_200_000_000_001L).int8('Q');
        bytes.int16(36).int8('A').int16(1).int16(0).int16((int) (34_200_000_000_002L >>> 32)).int32(34_200_000_000_002L).int64(77).int8('B').int32(100)
                .raw("AAPL    ".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).int32(1_900_000);
        bytes.int16(44).int8('P').int16(1).int16(0).int16((int) (34_200_000_000_003L >>> 32)).int32(34_200_000_000_003L).int64(78).int8('S').int32(5)
                .raw("AAPL    ".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).int32(1_900_100).int64(9);
        return bytes.bytes();
    }

    private static String hex(final byte[] bytes) {
        final StringBuilder out = new StringBuilder();
        for (final byte b : bytes) {
            out.append(String.format("%02x", b));
        }
        return out.toString();
    }
}
