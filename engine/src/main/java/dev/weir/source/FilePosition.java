package dev.weir.source;

import java.nio.file.Path;

/**
 * How far a {@link FileSource} reader got in one of its files (a split): what a checkpoint
 * records to resume reading after the last line read. Immutable.
 *
 * @param fileIndex the file's index in the source's list of files
 * @param file the file
 * @param byteOffset the byte offset of the next unread line (the file's length once finished)
 * @param linesRead lines read so far (the next line to read is {@code linesRead + 1})
 * @param finished true once the file was read to its end
 */
public record FilePosition(int fileIndex, Path file, long byteOffset, long linesRead, boolean finished) {
}
