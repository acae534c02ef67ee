package dev.weir.codec.capture;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.agrona.DirectBuffer;

/**
 * The bytes of a capture file as its readers see them: a window onto the file (or onto the uncompressed stream of a
 * gzip file) that moves forward as they read, so that a file of any size is read in bounded memory. The readers
 * address bytes by their index in {@link #buffer()}; {@link #slide} brings a range into the window, moving it if it
 * must, and says where the first byte of the range now is. The buffer is one object for the life of the file,
 * re-pointed when the window moves: bytes read through it before a move are gone after it. Not thread-safe.
 */
public interface CaptureWindow extends AutoCloseable {
    /**
     * Opens a file's bytes as {@link CaptureFile} reads them: inflated if it starts with the gzip magic number, else
     * mapped, with the default windows; for a reader of headers such as {@code weir inspect}'s layout.
     *
     * @param path the file
     * @return its bytes, the window at the start
     * @throws UncheckedIOException if the file cannot be opened
     * @throws CaptureFormatException if its gzip stream is damaged at the start
     */
    static CaptureWindow open(final Path path) {
        return CaptureFile.openWindow(path, CaptureFile.DEFAULT_WINDOW_BYTES, CaptureFile.DEFAULT_INFLATED_WINDOW_BYTES);
    }

    /** @return the window: valid bytes from index 0 to its capacity; the same object whenever it is asked for */
    DirectBuffer buffer();

    /** @return the offset in the file's data (the uncompressed stream for gzip) of the window's index 0 */
    long start();

    /**
     * Makes the {@code length} bytes from {@code index} on readable, as far as the data has them: if they are not all
     * in the window and the data goes on past it, the window moves to start at that byte (and grows if {@code length}
     * is more than it holds).
     *
     * @param index an index in the window, at most its capacity
     * @param length how many bytes are wanted
     * @return the byte's index now; fewer than {@code length} bytes follow it only where the data ends
     * @throws IllegalStateException if the data cannot be read there (a damaged gzip stream), with the offset and why
     */
    int slide(int index, int length);

    /** Moves the window back to the start of the data. */
    void rewind();

    /**
     * @param dataOffset an offset in the data that has been read up to
     * @return how many bytes of the file itself that took: the offset for a plain file, the compressed bytes taken in
     *     so far for gzip
     */
    long fileBytesRead(long dataOffset);

    /** @return the file's size in bytes (compressed, for gzip) */
    long fileSize();

    /** @return true if the file is gzip-compressed and read through its uncompressed stream */
    boolean compressed();

    /** Releases the window and closes the file. */
    @Override
    void close();
}
