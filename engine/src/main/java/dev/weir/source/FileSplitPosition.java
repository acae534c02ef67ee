package dev.weir.source;

/**
 * A {@link FilePosition} as a checkpoint writes it: where a {@link FileSource} reader resumes in
 * one of its files.
 *
 * @param fileIndex the file's index in the source's list of files
 * @param file the file's absolute path (checked on restore; any path to the same file matches)
 * @param byteOffset the byte offset of the next unread line
 * @param linesRead lines read before it, so that errors keep naming the right line
 * @param finished true once the file was read to its end
 * @param fileSize the file's size at the checkpoint (bytes after the offset may have been appended since)
 * @param checksum the CRC-32C of the file's bytes before the offset, checked on restore
 */
record FileSplitPosition(int fileIndex, String file, long byteOffset, long linesRead, boolean finished, long fileSize, int checksum) {
}
