package dev.weir.pipelines.generate;

import dev.weir.codec.itch.MoldUdp64Packet;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.agrona.DirectBuffer;

/**
 * Writes the ITCH messages of generated MoldUDP64 datagrams as a file in NASDAQ's binary sample format: each message
 * preceded by its length as a big-endian 16-bit number, one after another, with nothing else (no packets, no
 * MoldUDP64 headers: heartbeats and the end-of-session packet leave nothing). That is the MoldUDP64 message block
 * layout, so each payload's bytes after its 20-byte header are copied as they are. The datagrams must come in
 * sequence order, none missing. A name ending in {@code .gz} gets a gzip file. Writes through a 64 KiB buffer, so a
 * file of any size is written in bounded memory; allocates nothing per datagram. Not thread-safe.
 */
public final class ItchMessageFileWriter implements GeneratedFile {
    private static final int BUFFER_BYTES = 1 << 16;

    private final String name;
    private final OutputStream out;
    private final CountedBytes file;
    private final byte[] copy = new byte[BUFFER_BYTES];

    private ItchMessageFileWriter(final String name, final CountedBytes file, final boolean gzip) throws IOException {
        this.name = name;
        this.file = file;
        this.out = gzip ? new GZIPOutputStream(file, BUFFER_BYTES) : new BufferedOutputStream(file, BUFFER_BYTES);
    }

    /**
     * Creates (or truncates) the file.
     *
     * @param file the file; gzip-compressed if its name ends with {@code .gz}
     * @return the writer; close it to flush the last messages
     * @throws UncheckedIOException if the file cannot be created, with a message naming it
     */
    public static ItchMessageFileWriter create(final Path file) {
        try {
            return new ItchMessageFileWriter(file.toString(), new CountedBytes(Files.newOutputStream(file)),
                    file.getFileName() != null && file.getFileName().toString().endsWith(".gz"));
        } catch (final IOException e) {
            throw new UncheckedIOException(file + ": cannot create the message file: " + reason(e), e);
        }
    }

    /**
     * Writes to a stream, such as a {@link java.io.ByteArrayOutputStream} in a test.
     *
     * @param name names the stream in error messages
     * @param out receives the messages; closing the writer closes it
     * @param gzip true to gzip-compress them
     * @return the writer
     */
    public static ItchMessageFileWriter over(final String name, final OutputStream out, final boolean gzip) {
        try {
            return new ItchMessageFileWriter(name, new CountedBytes(out), gzip);
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot write the message file: " + reason(e), e);
        }
    }

    private static String reason(final IOException e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * Appends the messages of one MoldUDP64 payload; the addresses and the time are not kept (each message has its own
     * timestamp).
     *
     * @throws IllegalArgumentException if the payload is shorter than a MoldUDP64 header
     * @throws UncheckedIOException if the file cannot be written, with a message naming it
     */
    @Override
    public void datagram(final long timestampNanos, final int sourceAddress, final int sourcePort, final int destinationAddress,
            final int destinationPort, final DirectBuffer payload, final int offset, final int length) {
        if (length < MoldUdp64Packet.HEADER_LENGTH) {
            throw new IllegalArgumentException("a payload of " + length + " bytes has no MoldUDP64 header");
        }
        try {
            for (int at = offset + MoldUdp64Packet.HEADER_LENGTH; at < offset + length; at += copy.length) {
                final int chunk = Math.min(copy.length, offset + length - at);
                payload.getBytes(at, copy, 0, chunk);
                out.write(copy, 0, chunk);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot write the message file: " + reason(e), e);
        }
    }

    @Override
    public long bytes() {
        return file.count;
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot write the message file: " + reason(e), e);
        }
    }

    /** Counts the bytes that reach the file. */
    private static final class CountedBytes extends FilterOutputStream {
        private long count;

        CountedBytes(final OutputStream out) {
            super(out);
        }

        @Override
        public void write(final int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(final byte[] b, final int off, final int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
