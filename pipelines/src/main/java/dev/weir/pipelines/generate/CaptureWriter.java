package dev.weir.pipelines.generate;

import dev.weir.codec.capture.LinkType;
import dev.weir.files.UnwritableFileException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Writes UDP datagrams as a capture: each one an Ethernet (EN10MB) frame holding an IPv4 header (20 bytes, don't
 * fragment, TTL 64, a correct header checksum, an identification counting up from 1) and a UDP header whose checksum
 * is 0 (none, as IPv4 allows). Unicast destinations get the MAC address {@code 02:00:} followed by the IPv4
 * address, multicast ones (224.0.0.0/4) the IANA mapping {@code 01:00:5e:} and the address's low 23 bits; the
 * source MAC is {@code 02:00:} and the source address. The file is pcap or pcapng ({@link CaptureEncoding}),
 * little-endian, with a snapshot length of {@value #SNAPSHOT_LENGTH}: every packet is captured whole.
 *
 * <p>The frames go out through a 64 KiB buffer, so a file of any size is written in bounded memory; each
 * datagram is laid out in one reusable frame buffer, so {@link #datagram} allocates nothing. Not thread-safe.
 */
public final class CaptureWriter implements GeneratedFile {
    /** The snapshot length in the file's header: larger than any UDP datagram. */
    public static final int SNAPSHOT_LENGTH = 262_144;
    /** The largest UDP payload an IPv4 datagram can carry. */
    public static final int MAX_PAYLOAD = 65_535 - 20 - 8;
    private static final int ETHERNET = 14;
    private static final int IPV4 = 20;
    private static final int UDP = 8;
    private static final int HEADERS = ETHERNET + IPV4 + UDP;
    private static final int PCAP_RECORD = 16;
    private static final int PCAPNG_PACKET = 28;
    private static final int BUFFER_BYTES = 1 << 16;

    private final String name;
    private final OutputStream out;
    private final CaptureEncoding encoding;
    private final UnsafeBuffer frame = new UnsafeBuffer(new byte[PCAPNG_PACKET + HEADERS + MAX_PAYLOAD + 3 + 4]);
    private int identification;
    private long packets;
    private long bytes;

    private CaptureWriter(final String name, final OutputStream out, final CaptureEncoding encoding) {
        this.name = name;
        this.out = out;
        this.encoding = encoding;
        writeHeader();
    }

    /**
     * Creates (or truncates) a capture file and writes its header.
     *
     * @param file the file
     * @param encoding the layout
     * @return the writer; close it to flush the last frames
     * @throws UncheckedIOException if the file cannot be created, with a message naming it
     */
    public static CaptureWriter create(final Path file, final CaptureEncoding encoding) {
        final OutputStream stream;
        try {
            stream = Files.newOutputStream(file);
        } catch (final IOException e) {
            throw new UncheckedIOException(file + ": cannot create the capture: " + UnwritableFileException.of(file, e).reason(), e);
        }
        return new CaptureWriter(file.toString(), new BufferedOutputStream(stream, BUFFER_BYTES), encoding);
    }

    /**
     * Writes a capture to a stream, such as a {@link java.io.ByteArrayOutputStream} in a test; the stream is
     * not buffered further.
     *
     * @param name names the stream in error messages
     * @param out receives the capture, header first
     * @param encoding the layout
     * @return the writer; closing it closes the stream
     */
    public static CaptureWriter over(final String name, final OutputStream out, final CaptureEncoding encoding) {
        return new CaptureWriter(name, out, encoding);
    }

    private static String reason(final IOException e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private void writeHeader() {
        final int length;
        if (encoding.pcapng()) {
            length = sectionAndInterface();
        } else {
            frame.putInt(0, encoding.nanoseconds() ? 0xa1b23c4d : 0xa1b2c3d4, ByteOrder.LITTLE_ENDIAN);
            frame.putShort(4, (short) 2, ByteOrder.LITTLE_ENDIAN);
            frame.putShort(6, (short) 4, ByteOrder.LITTLE_ENDIAN);
            frame.putInt(8, 0, ByteOrder.LITTLE_ENDIAN);
            frame.putInt(12, 0, ByteOrder.LITTLE_ENDIAN);
            frame.putInt(16, SNAPSHOT_LENGTH, ByteOrder.LITTLE_ENDIAN);
            frame.putInt(20, LinkType.EN10MB, ByteOrder.LITTLE_ENDIAN);
            length = 24;
        }
        emit(length);
    }

    /** A section header block without options, then one interface description block. */
    private int sectionAndInterface() {
        frame.putInt(0, 0x0A0D0D0A, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(4, 28, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(8, 0x1A2B3C4D, ByteOrder.LITTLE_ENDIAN);
        frame.putShort(12, (short) 1, ByteOrder.LITTLE_ENDIAN);
        frame.putShort(14, (short) 0, ByteOrder.LITTLE_ENDIAN);
        frame.putLong(16, -1L, ByteOrder.LITTLE_ENDIAN); // section length not given
        frame.putInt(24, 28, ByteOrder.LITTLE_ENDIAN);
        final int idb = 28;
        // if_tsresol (code 9, one byte, padded to 4) and the end of options: only for nanoseconds, microseconds are the default
        final int idbLength = encoding.nanoseconds() ? 32 : 20;
        frame.putInt(idb, 1, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(idb + 4, idbLength, ByteOrder.LITTLE_ENDIAN);
        frame.putShort(idb + 8, (short) LinkType.EN10MB, ByteOrder.LITTLE_ENDIAN);
        frame.putShort(idb + 10, (short) 0, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(idb + 12, SNAPSHOT_LENGTH, ByteOrder.LITTLE_ENDIAN);
        if (encoding.nanoseconds()) {
            frame.putShort(idb + 16, (short) 9, ByteOrder.LITTLE_ENDIAN);
            frame.putShort(idb + 18, (short) 1, ByteOrder.LITTLE_ENDIAN);
            frame.putInt(idb + 20, 9, ByteOrder.LITTLE_ENDIAN); // the value 9 and three bytes of padding
            frame.putInt(idb + 24, 0, ByteOrder.LITTLE_ENDIAN);
        }
        frame.putInt(idb + idbLength - 4, idbLength, ByteOrder.LITTLE_ENDIAN);
        return idb + idbLength;
    }

    /**
     * Appends one datagram as a packet captured at {@code timestampNanos} (cut to microseconds for a microsecond
     * encoding).
     *
     * @throws IllegalArgumentException if the payload is longer than {@value #MAX_PAYLOAD} bytes or the time is negative
     * @throws UncheckedIOException if the capture cannot be written, with a message naming it
     */
    @Override
    public void datagram(final long timestampNanos, final int sourceAddress, final int sourcePort, final int destinationAddress,
            final int destinationPort, final DirectBuffer payload, final int offset, final int length) {
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("a UDP payload of " + length + " bytes; at most " + MAX_PAYLOAD + " fit an IPv4 datagram");
        }
        if (timestampNanos < 0) {
            throw new IllegalArgumentException("capture time " + timestampNanos + " ns is before the epoch");
        }
        final int frameLength = HEADERS + length;
        final int start = encoding.pcapng() ? PCAPNG_PACKET : PCAP_RECORD;
        ethernet(start, sourceAddress, destinationAddress);
        ipv4(start + ETHERNET, sourceAddress, destinationAddress, IPV4 + UDP + length);
        final int udp = start + ETHERNET + IPV4;
        frame.putShort(udp, (short) sourcePort, ByteOrder.BIG_ENDIAN);
        frame.putShort(udp + 2, (short) destinationPort, ByteOrder.BIG_ENDIAN);
        frame.putShort(udp + 4, (short) (UDP + length), ByteOrder.BIG_ENDIAN);
        frame.putShort(udp + 6, (short) 0, ByteOrder.BIG_ENDIAN);
        frame.putBytes(udp + UDP, payload, offset, length);
        final int total = encoding.pcapng() ? enhancedPacket(timestampNanos, frameLength) : record(timestampNanos, frameLength);
        packets++;
        emit(total);
    }

    private int record(final long timestampNanos, final int frameLength) {
        final long seconds = timestampNanos / 1_000_000_000L;
        final long nanos = timestampNanos % 1_000_000_000L;
        frame.putInt(0, (int) seconds, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(4, (int) (encoding.nanoseconds() ? nanos : nanos / 1_000), ByteOrder.LITTLE_ENDIAN);
        frame.putInt(8, frameLength, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(12, frameLength, ByteOrder.LITTLE_ENDIAN);
        return PCAP_RECORD + frameLength;
    }

    private int enhancedPacket(final long timestampNanos, final int frameLength) {
        final int padded = (frameLength + 3) & ~3;
        final int blockLength = PCAPNG_PACKET + padded + 4;
        final long units = encoding.nanoseconds() ? timestampNanos : timestampNanos / 1_000;
        frame.putInt(0, 6, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(4, blockLength, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(8, 0, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(12, (int) (units >>> 32), ByteOrder.LITTLE_ENDIAN);
        frame.putInt(16, (int) units, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(20, frameLength, ByteOrder.LITTLE_ENDIAN);
        frame.putInt(24, frameLength, ByteOrder.LITTLE_ENDIAN);
        for (int i = PCAPNG_PACKET + frameLength; i < PCAPNG_PACKET + padded; i++) {
            frame.putByte(i, (byte) 0);
        }
        frame.putInt(PCAPNG_PACKET + padded, blockLength, ByteOrder.LITTLE_ENDIAN);
        return blockLength;
    }

    private void ethernet(final int at, final int sourceAddress, final int destinationAddress) {
        if ((destinationAddress >>> 28) == 0xE) {
            frame.putShort(at, (short) 0x0100, ByteOrder.BIG_ENDIAN);
            frame.putInt(at + 2, 0x5E00_0000 | (destinationAddress & 0x007F_FFFF), ByteOrder.BIG_ENDIAN);
        } else {
            frame.putShort(at, (short) 0x0200, ByteOrder.BIG_ENDIAN);
            frame.putInt(at + 2, destinationAddress, ByteOrder.BIG_ENDIAN);
        }
        frame.putShort(at + 6, (short) 0x0200, ByteOrder.BIG_ENDIAN);
        frame.putInt(at + 8, sourceAddress, ByteOrder.BIG_ENDIAN);
        frame.putShort(at + 12, (short) 0x0800, ByteOrder.BIG_ENDIAN);
    }

    private void ipv4(final int at, final int sourceAddress, final int destinationAddress, final int totalLength) {
        identification = (identification + 1) & 0xFFFF;
        frame.putByte(at, (byte) 0x45);
        frame.putByte(at + 1, (byte) 0);
        frame.putShort(at + 2, (short) totalLength, ByteOrder.BIG_ENDIAN);
        frame.putShort(at + 4, (short) identification, ByteOrder.BIG_ENDIAN);
        frame.putShort(at + 6, (short) 0x4000, ByteOrder.BIG_ENDIAN); // don't fragment
        frame.putByte(at + 8, (byte) 64);
        frame.putByte(at + 9, (byte) 17);
        frame.putShort(at + 10, (short) 0, ByteOrder.BIG_ENDIAN);
        frame.putInt(at + 12, sourceAddress, ByteOrder.BIG_ENDIAN);
        frame.putInt(at + 16, destinationAddress, ByteOrder.BIG_ENDIAN);
        frame.putShort(at + 10, (short) Ipv4Checksum.of(frame, at, IPV4), ByteOrder.BIG_ENDIAN);
    }

    private void emit(final int length) {
        try {
            out.write(frame.byteArray(), 0, length);
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot write the capture: " + reason(e), e);
        }
        bytes += length;
    }

    /** @return the datagrams written so far */
    public long packets() {
        return packets;
    }

    /** @return the bytes written so far, file header included */
    @Override
    public long bytes() {
        return bytes;
    }

    /** @return the file's or stream's name as given */
    public String name() {
        return name;
    }

    /**
     * Flushes the buffered frames and closes the file or stream.
     *
     * @throws UncheckedIOException if that fails, with a message naming the capture
     */
    @Override
    public void close() {
        try {
            out.close();
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot write the capture: " + reason(e), e);
        }
    }
}
