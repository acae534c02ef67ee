package dev.weir.codec.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A plain capture file mapped read-only one window at a time: the window moves forward as it is read, the mapping
 * before it is released at once, so a file of any size takes at most one window (or one record, if a record is
 * larger) of address space and page cache pinned by this reader. Not thread-safe.
 */
final class MappedWindow implements CaptureWindow {
    private final String name;
    private final FileChannel channel;
    private final long size;
    private final int windowBytes;
    private final UnsafeBuffer buffer = new UnsafeBuffer(0, 0);
    private MappedByteBuffer mapped;
    private long start;

    /**
     * @param name the file's name, for messages
     * @param channel the open file; closed by {@link #close()}
     * @param windowBytes how many bytes a window maps, at least 1
     */
    MappedWindow(final String name, final FileChannel channel, final int windowBytes) {
        if (windowBytes < 1) {
            throw new IllegalArgumentException("a window must hold at least one byte, got " + windowBytes);
        }
        this.name = name;
        this.channel = channel;
        this.windowBytes = windowBytes;
        try {
            this.size = channel.size();
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot read: " + e.getMessage(), e);
        }
        map(0, windowBytes);
    }

    private void map(final long at, final long wanted) {
        release();
        final long length = Math.min(wanted, size - at);
        try {
            mapped = channel.map(FileChannel.MapMode.READ_ONLY, at, length);
        } catch (final IOException e) {
            throw new UncheckedIOException(name + ": cannot map bytes " + at + " to " + (at + length) + ": " + e.getMessage(), e);
        }
        buffer.wrap(mapped, 0, (int) length);
        start = at;
    }

    private void release() {
        if (mapped != null) {
            buffer.wrap(0, 0);
            IoUtil.unmap(mapped);
            mapped = null;
        }
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
        if ((long) index + length <= buffer.capacity() || start + buffer.capacity() >= size) {
            return index;
        }
        map(start + index, Math.max(windowBytes, length));
        return 0;
    }

    @Override
    public void rewind() {
        if (start != 0) {
            map(0, windowBytes);
        }
    }

    @Override
    public long fileBytesRead(final long dataOffset) {
        return dataOffset;
    }

    @Override
    public boolean compressed() {
        return false;
    }

    @Override
    public long fileSize() {
        return size;
    }

    @Override
    public void close() {
        release();
        try {
            channel.close();
        } catch (final IOException ignored) {
            // read-only: nothing is lost
        }
    }
}
