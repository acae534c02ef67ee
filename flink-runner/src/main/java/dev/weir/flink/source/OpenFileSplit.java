package dev.weir.flink.source;

import dev.weir.source.BadLineException;
import dev.weir.source.LineReader;
import dev.weir.source.SourceFileException;
import dev.weir.source.SourceParseException;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.flink.api.connector.source.SourceOutput;

/**
 * A {@link FileSplit} being read by a {@link FileSplitReader}: the file opened at the split's
 * byte offset on first use, the position of its next unread line, its split output, and whether
 * it is finished or paused. Failures carry the messages Weir's {@code FileSourceReader} gives for
 * the same file and line. Not thread-safe: the reader's task thread.
 *
 * @param <T> the record type
 */
final class OpenFileSplit<T> implements ReaderSplit<T> {
    private final FileSplit split;
    private final Path path;
    private LineReader lines;
    private long byteOffset;
    private long linesRead;
    private SourceOutput<T> output;
    private boolean finished;
    private boolean paused;

    OpenFileSplit(final FileSplit split) {
        this.split = split;
        this.path = Path.of(split.file());
        this.byteOffset = split.byteOffset();
        this.linesRead = split.linesRead();
    }

    /** @return the split's id */
    @Override
    public String splitId() {
        return split.splitId();
    }

    /** @return the file */
    Path path() {
        return path;
    }

    /** @return the lines read so far: the number of the line {@link #next} returned last */
    long linesRead() {
        return linesRead;
    }

    @Override
    public SourceOutput<T> output() {
        return output;
    }

    @Override
    public void output(final SourceOutput<T> splitOutput) {
        this.output = splitOutput;
    }

    @Override
    public boolean finished() {
        return finished;
    }

    @Override
    public boolean paused() {
        return paused;
    }

    @Override
    public void paused(final boolean isPaused) {
        this.paused = isPaused;
    }

    /** @return the split at the next unread line, for a checkpoint */
    FileSplit position() {
        return new FileSplit(split.index(), split.file(), byteOffset, linesRead);
    }

    /**
     * @param line cleared, then filled with the next line
     * @param charset the file's encoding
     * @param maxLineBytes the longest line accepted
     * @return false at the end of the file
     * @throws SourceFileException if the file cannot be opened or read
     * @throws SourceParseException if the line is not valid in the charset or too long
     */
    boolean next(final StringBuilder line, final Charset charset, final int maxLineBytes) throws IOException {
        if (lines == null) {
            lines = open(charset, maxLineBytes);
        }
        try {
            if (!lines.next(line)) {
                return false;
            }
        } catch (final BadLineException bad) {
            throw new SourceParseException(path, bad.line(), bad);
        } catch (final IOException unreadable) {
            throw new SourceFileException(path, "line " + (linesRead + 1) + ": cannot read source file: " + unreadable.getMessage(),
                    unreadable);
        }
        linesRead++;
        byteOffset = lines.offset();
        return true;
    }

    private LineReader open(final Charset charset, final int maxLineBytes) throws IOException {
        if (Files.isDirectory(path)) {
            throw new SourceFileException(path, "is a directory, not a file", null);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
            if (byteOffset > channel.size()) {
                throw new SourceFileException(path, "cannot resume reading at byte " + byteOffset + " (line " + (linesRead + 1)
                        + "): the file has only " + channel.size() + " bytes now", null);
            }
            channel.position(byteOffset);
            return new LineReader(Channels.newInputStream(channel), charset, byteOffset, linesRead, maxLineBytes);
        } catch (final SourceFileException shorter) {
            channel.close();
            throw shorter;
        } catch (final NoSuchFileException missing) {
            throw new SourceFileException(path, "no such source file", missing);
        } catch (final IOException unreadable) {
            if (channel != null) {
                channel.close();
            }
            throw new SourceFileException(path, "cannot open source file: " + unreadable.getMessage(), unreadable);
        }
    }

    /** Marks the file read to its end and closes it. */
    void finish() throws IOException {
        finished = true;
        close();
    }

    /** Closes the file if open; idempotent. */
    void close() throws IOException {
        if (lines != null) {
            lines.close();
            lines = null;
        }
    }
}
