package dev.weir.codec.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Captures of more than 4 GiB, written sparse (only the headers take disk space; the rest is a hole that reads as
 * zeros): 257 records or blocks of 16 MiB, then the packets that matter. Their file offsets, the offsets of their
 * bytes, where the file is cut and where it is corrupt are all past 2^32, exactly.
 */
class CaptureBeyondFourGibTest {
    private static final int BIG = 16 << 20;
    private static final int SPANS = 257;

    @TempDir
    Path dir;

    /** Writes {@code value}'s bytes at {@code offset}, little-endian. */
    private static void put(final RandomAccessFile file, final long offset, final byte... bytes) throws IOException {
        file.seek(offset);
        file.write(bytes);
    }

    private static byte[] ints(final int... values) {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (final int value : values) {
            buffer.putInt(value);
        }
        return buffer.array();
    }

    @Test
    void pcapngBlocksPastFourGibHaveTheirExactOffsets() throws IOException {
        final Path path = dir.resolve("big.pcapng");
        final long after = 48 + (long) SPANS * BIG;
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            put(file, 0, ints(0x0A0D0D0A, 28, 0x1A2B3C4D, 1, -1, -1, 28));
            put(file, 28, ints(1, 20, 1, 0, 20));
            for (long block = 48; block < after; block += BIG) {
                put(file, block, ints(0x0BAD, BIG));
                put(file, block + BIG - 4, ints(BIG));
            }
            // an enhanced packet of 4 bytes at 2^32 + 16777264, then a block whose length is cut by the file's end
            put(file, after, ints(6, 36, 0, 0, 1_000, 4, 4, 0x04030201, 36));
            put(file, after + 36, ints(6, 1000, 0));
        }
        try (CaptureFile capture = CaptureFile.open(path, 1 << 20, 1)) {
            final CapturePacket packet = new CapturePacket();
            assertEquals(true, capture.next(packet));
            assertEquals(after, packet.fileOffset());
            assertEquals(after + 28, packet.fileOffsetOf(packet.offset()));
            assertEquals(0x04030201, packet.buffer().getInt(packet.offset(), ByteOrder.LITTLE_ENDIAN));
            assertEquals(1_000_000L, packet.timestampNanos());
            assertEquals(false, capture.next(packet));
            assertEquals(after + 36, capture.truncatedAt());
            assertEquals(after + 48, capture.length());
        }
    }

    @Test
    void pcapRecordsPastFourGibHaveTheirExactOffsetsAndErrors() throws IOException {
        final Path path = dir.resolve("big.pcap");
        final long after = 24 + (long) SPANS * (16 + BIG);
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            // snapshot length 16 MiB, so that records of 16 MiB are whole
            put(file, 0, ints(0xa1b2c3d4, 0x00040002, 0, 0, BIG, 1));
            for (long record = 24; record < after; record += 16 + BIG) {
                put(file, record, ints((int) (record >>> 24), 0, BIG, BIG));
            }
            put(file, after, ints(7, 0, 2, 2));
            put(file, after + 16, (byte) 0xab, (byte) 0xcd);
            put(file, after + 18, ints(8, 1_000_000, 1, 1));
        }
        try (CaptureFile capture = CaptureFile.open(path, 1 << 20, 1)) {
            final CapturePacket packet = new CapturePacket();
            for (int i = 0; i < SPANS; i++) {
                assertEquals(true, capture.next(packet));
                assertEquals(BIG, packet.capturedLength());
            }
            assertEquals(true, capture.next(packet));
            assertEquals(SPANS + 1, packet.ordinal());
            assertEquals(after, packet.fileOffset());
            assertEquals(after + 16, packet.fileOffsetOf(packet.offset()));
            assertEquals(0xcdab, packet.buffer().getShort(packet.offset(), ByteOrder.LITTLE_ENDIAN) & 0xFFFF);
            assertEquals(7_000_000_000L, packet.timestampNanos());
            final CaptureFormatException corrupt = assertThrows(CaptureFormatException.class, () -> capture.next(packet));
            assertEquals(path + ": offset " + (after + 18) + " (packet " + (SPANS + 2) + "): corrupt record header: sub-second part 1000000"
                    + " is not below one second", corrupt.getMessage());
        }
    }
}
