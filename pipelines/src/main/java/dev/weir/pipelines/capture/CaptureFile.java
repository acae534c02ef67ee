package dev.weir.pipelines.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A pcap or pcapng capture, memory-mapped read-only and read packet by packet into a reusable
 * {@link CapturePacket}: nothing is copied and nothing is allocated per packet. The format is detected from
 * the magic number (pcap in both byte orders with micro- or nanosecond timestamps, pcapng with any number of
 * sections in either byte order). Files of more than 2 GiB - 1 byte are refused with a message that says so.
 * In pcapng, interface indexes count the interface description blocks of the packet's section from 0, blocks of
 * unknown types are skipped by their length, and simple packet blocks belong to interface 0 and carry the
 * timestamp of the packet before them, or of the first timed packet after them when none came before (they have
 * none of their own; {@link #untimedPackets()} counts them).
 *
 * <p>A file that ends inside its last record or block (what a capture killed while writing leaves) is not an
 * error: the complete packets before it are delivered and {@link #truncatedAt()} tells where the incomplete
 * part starts. A corrupt header is a {@link CaptureFormatException}, and so is a record or block longer than
 * its snapshot length allows, wherever it is: a damaged length is not taken for a capture cut short.
 *
 * <p>Not thread-safe: one thread reads a file. The packets' bytes stay valid until {@link #close()}; the
 * mapping itself is released when the file is garbage-collected.
 */
public final class CaptureFile implements AutoCloseable {
    /** The largest capture the reader maps: one buffer, indexed by {@code int}. */
    public static final long MAX_BYTES = Integer.MAX_VALUE;
    private static final int PCAP_MICROSECONDS = 0xa1b2c3d4;
    private static final int PCAP_NANOSECONDS = 0xa1b23c4d;

    private final String name;
    private final FileChannel channel;
    private final DirectBuffer buffer;
    private final CaptureFormat format;
    private final PacketSource source;

    private CaptureFile(final String name, final FileChannel channel, final DirectBuffer buffer) {
        this.name = name;
        this.channel = channel;
        this.buffer = buffer;
        if (buffer.capacity() < 4) {
            throw new CaptureFormatException(name, 0, 1, "truncated header: the file has " + buffer.capacity()
                    + " bytes, a capture starts with a 24-byte pcap header or a pcapng section header block");
        }
        final int magic = buffer.getInt(0, ByteOrder.BIG_ENDIAN);
        if (magic == PCAP_MICROSECONDS || magic == PCAP_NANOSECONDS || magic == Integer.reverseBytes(PCAP_MICROSECONDS)
                || magic == Integer.reverseBytes(PCAP_NANOSECONDS)) {
            requireHeader(PcapRecords.FILE_HEADER_LENGTH, "pcap file header");
            final boolean bigEndian = magic == PCAP_MICROSECONDS || magic == PCAP_NANOSECONDS;
            final boolean nanoseconds = magic == PCAP_NANOSECONDS || magic == Integer.reverseBytes(PCAP_NANOSECONDS);
            this.format = nanoseconds ? CaptureFormat.PCAP_NANOSECONDS : CaptureFormat.PCAP_MICROSECONDS;
            this.source = new PcapRecords(name, buffer, bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN, nanoseconds);
        } else if (magic == PcapngBlocks.SECTION_HEADER) {
            requireHeader(PcapngBlocks.MIN_SECTION_HEADER_LENGTH, "pcapng section header block");
            this.format = CaptureFormat.PCAPNG;
            this.source = new PcapngBlocks(name, buffer);
        } else {
            throw new CaptureFormatException(name, 0, 1, String.format("not a capture: magic 0x%08x is neither pcap"
                    + " (0xa1b2c3d4, 0xa1b23c4d, either byte order) nor pcapng (0x0a0d0d0a)", magic));
        }
    }

    /**
     * Opens and maps a capture.
     *
     * @param path the file
     * @return the open capture, positioned before its first packet
     * @throws CaptureFormatException if the file is not a capture, its header is truncated or it is too large
     * @throws UncheckedIOException if the file cannot be opened or mapped
     */
    public static CaptureFile open(final Path path) {
        final String name = path.toString();
        FileChannel channel = null;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
            final long size = channel.size();
            if (size > MAX_BYTES) {
                throw new CaptureFormatException(name, MAX_BYTES, 1, tooLarge(size));
            }
            final MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
            return new CaptureFile(name, channel, new UnsafeBuffer(mapped));
        } catch (final IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException(name + ": cannot read: " + e.getMessage(), e);
        } catch (final RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    /**
     * Checks that a file can be opened as a capture, for a command that checks all its files before it reads any,
     * so that a bad later file is refused before anything is printed. Reads only the file's attributes.
     *
     * @param file the file
     * @throws CaptureFileException if it is missing, a directory, unreadable or larger than {@link #MAX_BYTES}
     */
    public static void requireReadable(final Path file) {
        if (Files.isDirectory(file)) {
            throw new CaptureFileException(file.toString(), "is a directory, not a capture file");
        }
        if (!Files.isReadable(file)) {
            throw new CaptureFileException(file.toString(), Files.exists(file) ? "cannot read the capture file" : "no such capture file");
        }
        final long size;
        try {
            size = Files.size(file);
        } catch (final IOException e) {
            throw new CaptureFileException(file.toString(), "cannot read the capture file");
        }
        if (size > MAX_BYTES) {
            throw new CaptureFileException(file.toString(), tooLarge(size));
        }
    }

    /** @return why a file of {@code size} bytes, more than {@link #MAX_BYTES}, cannot be read, and how to split it */
    private static String tooLarge(final long size) {
        return "the file has " + size + " bytes; captures of at most " + MAX_BYTES + " bytes are supported (split larger ones, e.g. with"
                + " editcap -c)";
    }

    private static void closeQuietly(final FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (final IOException ignored) {
                // already failing with the more useful exception
            }
        }
    }

    private void requireHeader(final int length, final String header) {
        if (buffer.capacity() < length) {
            throw new CaptureFormatException(name, 0, 1, "truncated header: the " + header + " needs " + length
                    + " bytes, the file has " + buffer.capacity());
        }
    }

    /**
     * Reads the next packet.
     *
     * @param packet the flyweight to overwrite
     * @return false once there are no more complete packets
     * @throws CaptureFormatException if a header is corrupt
     */
    public boolean next(final CapturePacket packet) {
        return source.next(packet);
    }

    /** Starts again before the first packet. */
    public void rewind() {
        source.rewind();
    }

    /** @return the byte offset where an incomplete last record or block starts, or -1 if none was reached (yet) */
    public long truncatedAt() {
        return source.truncatedAt();
    }

    /** @return packets read so far without a timestamp of their own (pcapng simple packet blocks), given a neighbour's */
    public long untimedPackets() {
        return source.untimedPackets();
    }

    /** @return the format detected from the magic number */
    public CaptureFormat format() {
        return format;
    }

    /** @return the name the file was opened by, as used in error messages */
    public String name() {
        return name;
    }

    /** @return the file's size in bytes */
    public int length() {
        return buffer.capacity();
    }

    /** Closes the file; the packets' bytes must not be read afterwards. */
    @Override
    public void close() {
        closeQuietly(channel);
    }
}
