package dev.weir.codec.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.agrona.DirectBuffer;

/**
 * A capture file read packet by packet into a reusable {@link CapturePacket}: pcap (both byte orders, micro- or
 * nanosecond timestamps), pcapng (any number of sections in either byte order), or a file of length-prefixed ITCH
 * 5.0 messages as NASDAQ publishes them ({@link CaptureFormat#ITCH_MESSAGES}), each of them plain or
 * gzip-compressed. The format is detected from the first bytes (the gzip magic first, then the container's), never
 * from the name. A plain file is memory-mapped one window at a time ({@link #DEFAULT_WINDOW_BYTES}), a gzip file
 * inflated as a stream through a window of {@link #DEFAULT_INFLATED_WINDOW_BYTES}: files of any size are read in
 * bounded memory, and nothing is copied or allocated per packet. In pcapng, interface indexes count the interface
 * description blocks of the packet's section from 0, blocks of unknown types are skipped by their length, and
 * simple packet blocks belong to interface 0 and carry the timestamp of the packet before them, or of the first
 * timed packet after them when none came before (they have none of their own; {@link #untimedPackets()} counts
 * them).
 *
 * <p>A pcap or pcapng file that ends inside its last record or block (what a capture killed while writing leaves)
 * is not an error: the complete packets before it are delivered and {@link #truncatedAt()} tells where the
 * incomplete part starts. A corrupt header, a record or block longer than its snapshot length allows (wherever it
 * is: a damaged length is not taken for a capture cut short), a message file cut inside a message and a damaged
 * gzip stream are a {@link CaptureFormatException}; offsets in a gzip file count its uncompressed bytes.
 *
 * <p>Not thread-safe: one thread reads a file. A packet's bytes stay valid until the next {@link #next} call (the
 * window may move on then) or {@link #close()}.
 */
public final class CaptureFile implements AutoCloseable {
    /** How many bytes of a plain file one window maps: 32 MiB. */
    public static final int DEFAULT_WINDOW_BYTES = 32 << 20;
    /** How many uncompressed bytes of a gzip file the window holds: 1 MiB, on the heap. */
    public static final int DEFAULT_INFLATED_WINDOW_BYTES = 1 << 20;
    /** The longest pcapng block read; a longer block length is corrupt. */
    public static final long MAX_PCAPNG_BLOCK_LENGTH = PcapngBlocks.MAX_BLOCK_LENGTH;
    private static final int PCAP_MICROSECONDS = 0xa1b2c3d4;
    private static final int PCAP_NANOSECONDS = 0xa1b23c4d;

    private final String name;
    private final CaptureWindow window;
    private final long fileSize;
    private final CaptureFormat format;
    private final PacketSource source;
    private long delivered;
    private long lastOffset;

    private CaptureFile(final String name, final CaptureWindow window, final long fileSize) {
        this.name = name;
        this.window = window;
        this.fileSize = fileSize;
        final DirectBuffer buffer = window.buffer();
        final int available = available(ItchMessageRecords.DETECTED_BYTES);
        if (available < 4) {
            throw new CaptureFormatException(name, 0, 1, "truncated header: the " + (window.compressed() ? "uncompressed data has " : "file has ")
                    + available + " bytes, a capture starts with a 24-byte pcap header or a pcapng section header block");
        }
        final int magic = buffer.getInt(0, ByteOrder.BIG_ENDIAN);
        if (magic == PCAP_MICROSECONDS || magic == PCAP_NANOSECONDS || magic == Integer.reverseBytes(PCAP_MICROSECONDS)
                || magic == Integer.reverseBytes(PCAP_NANOSECONDS)) {
            requireHeader(PcapRecords.FILE_HEADER_LENGTH, "pcap file header");
            final boolean bigEndian = magic == PCAP_MICROSECONDS || magic == PCAP_NANOSECONDS;
            final boolean nanoseconds = magic == PCAP_NANOSECONDS || magic == Integer.reverseBytes(PCAP_NANOSECONDS);
            this.format = nanoseconds ? CaptureFormat.PCAP_NANOSECONDS : CaptureFormat.PCAP_MICROSECONDS;
            this.source = new PcapRecords(name, window, bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN, nanoseconds);
        } else if (magic == PcapngBlocks.SECTION_HEADER) {
            requireHeader(PcapngBlocks.MIN_SECTION_HEADER_LENGTH, "pcapng section header block");
            this.format = CaptureFormat.PCAPNG;
            this.source = new PcapngBlocks(name, window);
        } else if (ItchMessageRecords.detect(buffer, available)) {
            this.format = CaptureFormat.ITCH_MESSAGES;
            this.source = new ItchMessageRecords(name, window);
        } else {
            throw new CaptureFormatException(name, 0, 1, String.format("not a capture: magic 0x%08x is neither pcap"
                    + " (0xa1b2c3d4, 0xa1b23c4d, either byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                    + " length-prefixed ITCH 5.0 messages", magic));
        }
    }

    /**
     * Opens a capture with the default windows.
     *
     * @param path the file
     * @return the open capture, positioned before its first packet
     * @throws CaptureFormatException if the file is not a capture or its header is truncated
     * @throws UncheckedIOException if the file cannot be opened or mapped
     */
    public static CaptureFile open(final Path path) {
        return open(path, DEFAULT_WINDOW_BYTES, DEFAULT_INFLATED_WINDOW_BYTES);
    }

    /**
     * Opens a capture, reading it through windows of the given sizes (small ones make records straddle their edges).
     *
     * @param path the file
     * @param windowBytes how many bytes of a plain file one window maps, at least 1
     * @param inflatedWindowBytes how many uncompressed bytes of a gzip file the window holds, at least 1
     * @return the open capture, positioned before its first packet
     * @throws CaptureFormatException if the file is not a capture, its header is truncated or its gzip stream damaged
     * @throws UncheckedIOException if the file cannot be opened or mapped
     */
    public static CaptureFile open(final Path path, final int windowBytes, final int inflatedWindowBytes) {
        final CaptureWindow window = openWindow(path, windowBytes, inflatedWindowBytes);
        try {
            return new CaptureFile(path.toString(), window, window.fileSize());
        } catch (final RuntimeException e) {
            window.close();
            throw e;
        }
    }

    /** Opens the file's window: inflated if it starts with the gzip magic number, else mapped. */
    static CaptureWindow openWindow(final Path path, final int windowBytes, final int inflatedWindowBytes) {
        final String name = path.toString();
        FileChannel channel = null;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
            return gzipped(channel) ? inflated(name, channel, inflatedWindowBytes) : new MappedWindow(name, channel, windowBytes);
        } catch (final IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException(name + ": cannot read: " + e.getMessage(), e);
        } catch (final RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    private static boolean gzipped(final FileChannel channel) throws IOException {
        final ByteBuffer first = ByteBuffer.allocate(2);
        while (first.hasRemaining() && channel.read(first, first.position()) > 0) {
            // a file shorter than two bytes is not gzip
        }
        return first.position() == 2 && (first.getShort(0) & 0xFFFF) == InflatedWindow.MAGIC;
    }

    private static CaptureWindow inflated(final String name, final FileChannel channel, final int windowBytes) {
        try {
            return new InflatedWindow(name, channel, windowBytes);
        } catch (final CaptureReadException e) {
            throw new CaptureFormatException(name, e.offset(), 1, e.getMessage());
        }
    }

    /**
     * Checks that a file can be opened as a capture, for a command that checks all its files before it reads any,
     * so that a bad later file is refused before anything is printed. Reads only the file's attributes.
     *
     * @param file the file
     * @throws CaptureFileException if it is missing, a directory or unreadable
     */
    public static void requireReadable(final Path file) {
        if (Files.isDirectory(file)) {
            throw new CaptureFileException(file.toString(), "is a directory, not a capture file");
        }
        if (!Files.isReadable(file)) {
            throw new CaptureFileException(file.toString(), Files.exists(file) ? "cannot read the capture file" : "no such capture file");
        }
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

    /** @return how many of the first {@code length} bytes the data has (the window starts at 0 when this is asked) */
    private int available(final int length) {
        try {
            window.slide(0, length);
        } catch (final CaptureReadException e) {
            throw new CaptureFormatException(name, e.offset(), 1, e.getMessage());
        }
        return Math.min(length, window.buffer().capacity());
    }

    private void requireHeader(final int length, final String header) {
        final int available = available(length);
        if (available < length) {
            throw new CaptureFormatException(name, 0, 1, "truncated header: the " + header + " needs " + length
                    + " bytes, the " + (window.compressed() ? "uncompressed data has " : "file has ") + available);
        }
    }

    /**
     * Reads the next packet.
     *
     * @param packet the flyweight to overwrite
     * @return false once there are no more complete packets
     * @throws CaptureFormatException if a header is corrupt, a message file is cut inside a message or a gzip stream
     *         is damaged
     */
    public boolean next(final CapturePacket packet) {
        final boolean read;
        try {
            read = source.next(packet);
        } catch (final CaptureReadException e) {
            throw new CaptureFormatException(name, e.offset(), delivered + 1, e.getMessage());
        }
        if (read) {
            delivered++;
            lastOffset = packet.fileOffset();
        }
        return read;
    }

    /** Starts again before the first packet. */
    public void rewind() {
        try {
            window.rewind();
            window.slide(0, ItchMessageRecords.DETECTED_BYTES);
        } catch (final CaptureReadException e) {
            throw new CaptureFormatException(name, e.offset(), 1, e.getMessage());
        }
        source.rewind();
        delivered = 0;
        lastOffset = 0;
    }

    /** @return the byte offset where an incomplete last record or block starts, or -1 if none was reached (yet) */
    public long truncatedAt() {
        return source.truncatedAt();
    }

    /** @return packets read so far without a timestamp of their own (pcapng simple packet blocks), given a neighbour's */
    public long untimedPackets() {
        return source.untimedPackets();
    }

    /** @return the format detected from the first bytes */
    public CaptureFormat format() {
        return format;
    }

    /** @return true if the file is gzip-compressed (detected from its magic number, not its name) */
    public boolean compressed() {
        return window.compressed();
    }

    /** @return the name the file was opened by, as used in error messages */
    public String name() {
        return name;
    }

    /** @return the file's size in bytes (compressed, for gzip) */
    public long length() {
        return fileSize;
    }

    /**
     * @return how many bytes of the file itself were read up to the last packet: its offset for a plain file, the
     *     compressed bytes taken in so far for gzip; for progress against {@link #length()}
     */
    public long bytesRead() {
        return Math.min(fileSize, window.fileBytesRead(lastOffset));
    }

    /** Closes the file; the packets' bytes must not be read afterwards. */
    @Override
    public void close() {
        window.close();
    }
}
