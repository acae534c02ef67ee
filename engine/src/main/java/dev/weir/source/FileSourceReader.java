package dev.weir.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One instance of a {@link FileSource}: its files are its splits, numbered in the order it
 * received them. At its first read it registers every split (each starts at MIN and holds the
 * instance's watermark back), then reads a batch of lines from one split per read, round-robin
 * over the splits that are neither finished nor paused for alignment. A finished file ends its
 * split; the reader ends after its last file. {@link #positions()} tells how far each file was
 * read (byte offset and line number), which checkpoints record and a restored reader resumes from. Not thread-safe: the source task's thread (or after the pipeline ended);
 * only {@link #bytesRead()} may be called from any thread.
 *
 * @param <T> the record type
 */
public final class FileSourceReader<T> implements SourceReader<T> {
    private final List<Path> files;
    private final int[] fileIndexes;
    private final LineParser<T> parser;
    private final Charset charset;
    private final int batchSize;
    private final int maxLineBytes;
    private final LineReader[] readers;
    private final long[] linesRead;
    private final long[] byteOffsets;
    private final boolean[] finished;
    private final boolean[] paused;
    /** The sum of {@link #byteOffsets}, published once per batch for other threads (progress displays). */
    private final AtomicLong bytesRead = new AtomicLong();
    private final SplitOutput<?>[] outputs;
    private final FilePrefixChecksum[] prefixes;
    private final StringBuilder line = new StringBuilder(256);
    private boolean registered;
    private int finishedSplits;
    private int nextSplit;

    FileSourceReader(final List<Path> files, final int[] fileIndexes, final LineParser<T> parser, final Charset charset,
            final int batchSize, final int maxLineBytes) {
        this.files = files;
        this.fileIndexes = fileIndexes.clone();
        this.parser = parser;
        this.charset = charset;
        this.batchSize = batchSize;
        this.maxLineBytes = maxLineBytes;
        this.readers = new LineReader[fileIndexes.length];
        this.linesRead = new long[fileIndexes.length];
        this.byteOffsets = new long[fileIndexes.length];
        this.finished = new boolean[fileIndexes.length];
        this.paused = new boolean[fileIndexes.length];
        this.outputs = new SplitOutput<?>[fileIndexes.length];
        this.prefixes = new FilePrefixChecksum[fileIndexes.length];
        for (int split = 0; split < fileIndexes.length; split++) {
            prefixes[split] = new FilePrefixChecksum();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public ReadStatus read(final SourceOutput<T> output) throws IOException {
        if (!registered) {
            for (int split = 0; split < outputs.length; split++) {
                outputs[split] = output.split(split);
            }
            for (int split = 0; split < outputs.length; split++) {
                if (finished[split]) {
                    outputs[split].end(); // read to its end before the checkpoint this reader resumed from
                }
            }
            registered = true;
        }
        if (finishedSplits == outputs.length) {
            return ReadStatus.END;
        }
        final int split = nextReadableSplit();
        if (split < 0) {
            return ReadStatus.NOTHING_AVAILABLE;
        }
        final SplitOutput<T> splitOutput = (SplitOutput<T>) outputs[split];
        final LineReader lines = open(split);
        for (int n = 0; n < batchSize; n++) {
            if (!nextLine(lines, split)) {
                finish(split);
                break;
            }
            final T value;
            try {
                value = parser.parse(line);
            } catch (Exception rejected) {
                throw new SourceParseException(path(split), linesRead[split], rejected);
            }
            if (value != null) {
                splitOutput.emit(value);
            }
        }
        nextSplit = split + 1 == outputs.length ? 0 : split + 1;
        publishBytesRead();
        return finishedSplits == outputs.length ? ReadStatus.END : ReadStatus.MORE;
    }

    private int nextReadableSplit() {
        for (int i = 0; i < outputs.length; i++) {
            final int split = (nextSplit + i) % outputs.length;
            if (!finished[split] && !paused[split]) {
                return split;
            }
        }
        return -1;
    }

    private LineReader open(final int split) throws IOException {
        if (readers[split] == null) {
            final Path path = path(split);
            if (Files.isDirectory(path)) {
                throw new SourceFileException(path, "is a directory, not a file", null);
            }
            FileChannel channel = null;
            try {
                channel = FileChannel.open(path, StandardOpenOption.READ);
                if (byteOffsets[split] > 0) {
                    final long size = channel.size();
                    if (byteOffsets[split] > size) {
                        throw new SourceFileException(path, "cannot resume reading at byte " + byteOffsets[split] + " (line "
                                + (linesRead[split] + 1) + "): the file has only " + size + " bytes now", null);
                    }
                    channel.position(byteOffsets[split]);
                }
                readers[split] = new LineReader(Channels.newInputStream(channel), charset, byteOffsets[split], linesRead[split],
                        maxLineBytes);
            } catch (SourceFileException wrongSize) {
                channel.close();
                throw wrongSize;
            } catch (NoSuchFileException missing) {
                throw new SourceFileException(path, "no such source file", missing);
            } catch (IOException unreadable) {
                if (channel != null) {
                    channel.close();
                }
                throw new SourceFileException(path, "cannot open source file: " + unreadable.getMessage(), unreadable);
            }
        }
        return readers[split];
    }

    private boolean nextLine(final LineReader lines, final int split) throws IOException {
        try {
            if (!lines.next(line)) {
                return false;
            }
        } catch (BadLineException bad) {
            throw new SourceParseException(path(split), bad.line(), bad);
        } catch (IOException unreadable) {
            throw new SourceFileException(path(split), "line " + (linesRead[split] + 1) + ": cannot read source file: "
                    + unreadable.getMessage(), unreadable);
        }
        linesRead[split]++;
        byteOffsets[split] = lines.offset();
        return true;
    }

    private void finish(final int split) throws IOException {
        finished[split] = true;
        finishedSplits++;
        outputs[split].end();
        byteOffsets[split] = readers[split].offset();
        readers[split].close();
    }

    private Path path(final int split) {
        return files.get(fileIndexes[split]);
    }

    @Override
    public boolean canPauseSplits() {
        return true;
    }

    @Override
    public void pauseSplit(final int splitIndex) {
        paused[splitIndex] = true;
    }

    @Override
    public void resumeSplit(final int splitIndex) {
        paused[splitIndex] = false;
    }

    /** @return this reader's number of files (splits) */
    public int splitCount() {
        return fileIndexes.length;
    }

    /** @return how far each of this reader's files was read, in split order (a snapshot) */
    public List<FilePosition> positions() {
        final List<FilePosition> positions = new ArrayList<>(fileIndexes.length);
        for (int split = 0; split < fileIndexes.length; split++) {
            positions.add(new FilePosition(fileIndexes[split], path(split), byteOffsets[split], linesRead[split], finished[split]));
        }
        return positions;
    }

    /**
     * {@inheritDoc} Each position carries the file's size and the CRC-32C of its bytes before
     * the position (read at the checkpoint, only the bytes since the previous one), so that a
     * restore can tell whether the file changed before it.
     *
     * @throws UncheckedIOException if a file cannot be read for its checksum
     */
    @Override
    public List<FileSplitPosition> snapshotPositions() {
        final List<FileSplitPosition> positions = new ArrayList<>(fileIndexes.length);
        for (int split = 0; split < fileIndexes.length; split++) {
            long size = 0;
            int checksum = 0;
            if (byteOffsets[split] > 0 || Files.exists(path(split))) {
                try {
                    size = Files.size(path(split));
                    checksum = prefixes[split].upTo(path(split), byteOffsets[split]);
                } catch (IOException unreadable) {
                    throw new UncheckedIOException(path(split) + ": cannot read it for a checkpoint: " + unreadable, unreadable);
                }
            }
            // absolute: a restore started in another directory still finds the file it names
            positions.add(new FileSplitPosition(fileIndexes[split], path(split).toAbsolutePath().normalize().toString(), byteOffsets[split],
                    linesRead[split], finished[split], size, checksum));
        }
        return positions;
    }

    /**
     * Resumes each of this reader's files at the byte offset and line number a checkpoint recorded
     * (positions of files of other readers are passed over); a file without a position is read
     * from its start. Each file must hold the same bytes before its offset as at the checkpoint
     * and be at least as long as then (bytes appended are read as new input). A file may be named
     * by another path to the same file (relative or absolute).
     *
     * @param positions the positions every reader of the source recorded
     * @throws IllegalStateException if a position names another file than this source's file of that index
     * @throws SourceFileChangedException if a file is shorter than its position or than it was at
     *     the checkpoint, or its bytes before the position differ
     */
    @Override
    public void restorePositions(final List<?> positions) {
        if (registered) {
            throw new IllegalStateException("a reader resumes before its first read");
        }
        for (final FileSplitPosition position : RecordedPositions.of(positions, FileSplitPosition.class)) {
            if (position.fileIndex() < 0 || position.fileIndex() >= files.size() || !sameFile(files.get(position.fileIndex()), position.file())) {
                throw new IllegalStateException("the checkpoint read " + position.file() + " as file " + position.fileIndex()
                        + " of the source, which has " + files.size() + " files now: " + files);
            }
            for (int split = 0; split < fileIndexes.length; split++) {
                if (fileIndexes[split] == position.fileIndex()) {
                    requireUnchangedBefore(split, position);
                    byteOffsets[split] = position.byteOffset();
                    linesRead[split] = position.linesRead();
                    if (position.finished() && !finished[split]) {
                        finished[split] = true;
                        finishedSplits++;
                    }
                }
            }
        }
        publishBytesRead();
    }

    /**
     * How far this reader got through its files, for progress displays; any thread. Updated
     * after each batch (and after a restore, to the checkpoint's offsets), so it may lag the
     * reader by one batch.
     *
     * @return the bytes read so far, summed over this reader's files
     */
    public long bytesRead() {
        return bytesRead.get();
    }

    private void publishBytesRead() {
        long sum = 0;
        for (final long offset : byteOffsets) {
            sum += offset;
        }
        // a release store, once per batch: no fence per line, and a reader on another thread sees a recent value
        bytesRead.lazySet(sum);
    }

    /**
     * True if the recorded path names the given file: spelled the same, the same once made
     * absolute (a relative path resolved in the current directory), or the same file on disk
     * (another spelling of it, a link). Its content is checked separately.
     */
    private static boolean sameFile(final Path file, final String recorded) {
        final Path was = Path.of(recorded);
        if (file.toString().equals(recorded) || file.toAbsolutePath().normalize().equals(was.toAbsolutePath().normalize())) {
            return true;
        }
        try {
            return Files.isSameFile(file, was);
        } catch (IOException | SecurityException unknown) {
            return false;
        }
    }

    private void requireUnchangedBefore(final int split, final FileSplitPosition position) {
        final Path file = path(split);
        if (position.byteOffset() == 0) {
            return;
        }
        final long size;
        try {
            size = Files.size(file);
        } catch (IOException missing) {
            throw new SourceFileChangedException(file, position.byteOffset(), "it cannot be read any more (" + missing + ")");
        }
        if (size < position.byteOffset()) {
            throw new SourceFileChangedException(file, position.byteOffset(), "it has " + size + " bytes now, " + position.fileSize()
                    + " at the checkpoint");
        }
        final int checksum;
        try {
            checksum = prefixes[split].upTo(file, position.byteOffset());
        } catch (IOException unreadable) {
            throw new SourceFileChangedException(file, position.byteOffset(), "it cannot be read any more (" + unreadable + ")");
        }
        if (checksum != position.checksum()) {
            throw new SourceFileChangedException(file, position.byteOffset(), "its first " + position.byteOffset()
                    + " bytes differ from those the checkpoint read (CRC-32C " + String.format("%08x", checksum) + ", was "
                    + String.format("%08x", position.checksum()) + ")");
        }
        if (size < position.fileSize()) {
            // cut after the position: lines the checkpoint saw are gone, which only a change of the file's content can do
            throw new SourceFileChangedException(file, "shrank since the checkpoint: it has " + size + " bytes now, " + position.fileSize()
                    + " at the checkpoint (a record file may only grow)");
        }
    }

    /** Closes every open file; idempotent. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (int split = 0; split < readers.length; split++) {
            if (readers[split] != null && !finished[split]) {
                try {
                    readers[split].close();
                } catch (IOException e) {
                    failure = e;
                }
                readers[split] = null;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
