package dev.weir.flink.source;

import org.apache.flink.api.connector.source.SourceSplit;

/**
 * One file of a {@link FlinkFileSource} and how far it was read: the split Flink assigns to a
 * reader and checkpoints. A fresh split starts at byte 0, line 0; a checkpointed one at the byte
 * offset of its next unread line, with the lines read before it so that errors keep naming the
 * right line. Immutable.
 */
public final class FileSplit implements SourceSplit, IndexedSplit {
    private final int fileIndex;
    private final String file;
    private final long byteOffset;
    private final long linesRead;

    /**
     * @param fileIndex the file's index in the source's list of files
     * @param file the file, as the source names it (errors name it so)
     * @param byteOffset the byte offset of the next unread line; not negative
     * @param linesRead the lines before that offset; not negative
     */
    public FileSplit(final int fileIndex, final String file, final long byteOffset, final long linesRead) {
        if (fileIndex < 0 || byteOffset < 0 || linesRead < 0) {
            throw new IllegalArgumentException("file split " + fileIndex + " of " + file + " at byte " + byteOffset + ", line " + linesRead);
        }
        this.fileIndex = fileIndex;
        this.file = file;
        this.byteOffset = byteOffset;
        this.linesRead = linesRead;
    }

    /** @return the file's index in the source's list of files */
    @Override
    public int index() {
        return fileIndex;
    }

    /** @return the file, as the source names it */
    public String file() {
        return file;
    }

    /** @return the byte offset of the next unread line */
    public long byteOffset() {
        return byteOffset;
    }

    /** @return the lines read before {@link #byteOffset()} */
    public long linesRead() {
        return linesRead;
    }

    @Override
    public String splitId() {
        return "file-" + fileIndex;
    }

    @Override
    public boolean equals(final Object other) {
        if (!(other instanceof FileSplit)) {
            return false;
        }
        final FileSplit split = (FileSplit) other;
        return fileIndex == split.fileIndex && file.equals(split.file) && byteOffset == split.byteOffset && linesRead == split.linesRead;
    }

    @Override
    public int hashCode() {
        return (31 * fileIndex + file.hashCode()) * 31 + Long.hashCode(byteOffset * 31 + linesRead);
    }

    @Override
    public String toString() {
        return file + " from byte " + byteOffset + " (line " + (linesRead + 1) + ")";
    }
}
