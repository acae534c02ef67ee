package dev.weir.codec.capture;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A gzip-compressed capture read through its uncompressed stream, never unpacked to disk: a window of the stream in
 * one heap array, refilled from the inflater as the readers move on (the bytes still wanted are moved to its front
 * first). Memory stays at one window, or one record if a record is larger. Offsets count uncompressed bytes;
 * concatenated gzip members read as one stream. In a damaged stream every byte inflated before the damage is still
 * read; asking for bytes past it is a {@link CaptureReadException} at the uncompressed offset where inflating
 * failed. Not thread-safe.
 */
final class InflatedWindow implements CaptureWindow {
    /** The gzip magic number, the first two bytes of every gzip file. */
    static final int MAGIC = 0x1f8b;
    private static final int INFLATER_INPUT_BYTES = 1 << 16;

    private final String name;
    private final FileChannel channel;
    private final long fileSize;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[0]);
    private byte[] bytes;
    private InputStream stream;
    private long start;
    private int filled;
    private boolean ended;
    /** Why the stream could not be inflated past {@code start + filled}, or null. */
    private String damage;

    /**
     * @param name the file's name, for messages
     * @param channel the open file, at any position; closed by {@link #close()}
     * @param windowBytes how many uncompressed bytes the window holds, at least 1
     */
    InflatedWindow(final String name, final FileChannel channel, final int windowBytes) {
        if (windowBytes < 1) {
            throw new IllegalArgumentException("a window must hold at least one byte, got " + windowBytes);
        }
        this.name = name;
        this.channel = channel;
        this.bytes = new byte[windowBytes];
        try {
            this.fileSize = channel.size();
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot read: " + e.getMessage(), e);
        }
        rewind();
    }

    @Override
    public DirectBuffer buffer() {
        return buffer;
    }

    @Override
    public long start() {
        return start;
    }

    @Override
    public int slide(final int index, final int length) {
        if ((long) index + length <= filled) {
            return index;
        }
        int moved = index;
        if (!ended) {
            final int kept = filled - index;
            if (length > bytes.length) {
                // a record larger than the window: grows once for it, then stays at that size
                final byte[] larger = new byte[length];
                System.arraycopy(bytes, index, larger, 0, kept);
                bytes = larger;
            } else {
                System.arraycopy(bytes, index, bytes, 0, kept);
            }
            start += index;
            filled = kept;
            fill();
            moved = 0;
        }
        if (damage != null && (long) moved + length > filled) {
            throw new CaptureReadException(start + filled, damage);
        }
        return moved;
    }

    /** Inflates until the window is full or the stream ends; a damaged stream ends it where the damage is. */
    private void fill() {
        try {
            while (filled < bytes.length) {
                final int read = stream.read(bytes, filled, bytes.length - filled);
                if (read < 0) {
                    ended = true;
                    break;
                }
                filled += read;
            }
        } catch (final IOException e) {
            ended = true;
            damage = "corrupt gzip stream: " + reason(e) + " (offsets of a gzip capture count its uncompressed bytes)";
        }
        buffer.wrap(bytes, 0, filled);
    }

    private static String reason(final IOException e) {
        if (e instanceof EOFException) {
            return "it ends before its last member does (the file is cut short)";
        }
        final String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.isEmpty() ? message : message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
    }

    @Override
    public void rewind() {
        closeStream();
        start = 0;
        filled = 0;
        ended = false;
        damage = null;
        try {
            channel.position(0);
            stream = new GZIPInputStream(new KeptOpen(Channels.newInputStream(channel)), INFLATER_INPUT_BYTES);
        } catch (final IOException e) {
            ended = true;
            buffer.wrap(bytes, 0, 0);
            throw new CaptureReadException(0, "corrupt gzip stream: " + reason(e) + " (its header cannot be read)");
        }
        fill();
    }

    @Override
    public long fileBytesRead(final long dataOffset) {
        try {
            return channel.position();
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot read: " + e.getMessage(), e);
        }
    }

    @Override
    public long fileSize() {
        return fileSize;
    }

    @Override
    public boolean compressed() {
        return true;
    }

    private void closeStream() {
        if (stream != null) {
            try {
                stream.close();
            } catch (final IOException ignored) {
                // read-only: nothing is lost
            }
            stream = null;
        }
    }

    @Override
    public void close() {
        closeStream();
        try {
            channel.close();
        } catch (final IOException ignored) {
            // read-only: nothing is lost
        }
    }

    /** The file's stream, left open when the inflater over it is closed: a rewind reads the same channel again. */
    private static final class KeptOpen extends FilterInputStream {
        KeptOpen(final InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the channel is closed with the window
        }
    }
}
