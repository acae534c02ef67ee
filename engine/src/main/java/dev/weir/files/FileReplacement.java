package dev.weir.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file written whole or not at all. The bytes go into a new temporary file beside the target
 * ({@code .NAME.HEX.part}, in the same directory), and only {@link #commit} renames it onto the target, in one atomic
 * step: until then the target is as it was, and a replacement closed without a commit deletes the temporary file,
 * the one file it created, and nothing else. A target that exists must be a regular file: a directory, device,
 * named pipe or socket is refused before anything is created, since a rename would put a file in its place. A
 * symbolic link is followed, so the file it names is replaced and the link stays; an existing target's permissions
 * pass to the new file. A process killed before the commit leaves the temporary file behind, never a half-written
 * target. Not thread-safe.
 */
public final class FileReplacement implements AutoCloseable {
    /** Symbolic links followed to the file replaced, as many as Linux follows. */
    private static final int MAX_LINKS = 40;
    private static final int MAX_NAME_TRIES = 100;
    private static final int BUFFER_BYTES = 1 << 16;

    private final Path target;
    private final Path destination;
    private final Path temporary;
    private final FileChannel channel;
    private final OutputStream stream;
    private boolean committed;

    private FileReplacement(final Path target, final Path destination, final Path temporary, final FileChannel channel) {
        this.target = target;
        this.destination = destination;
        this.temporary = temporary;
        this.channel = channel;
        this.stream = new ChannelStream(channel);
    }

    /**
     * Writes a whole file: {@link #begin}, the contents through a 64 KiB buffer, {@link #commit}; on any failure the
     * target is left as it was and the temporary file deleted.
     *
     * @param target the file to replace or create, as the user gave it
     * @param contents writes the file's bytes
     * @throws UnwritableFileException if the target may not be replaced or the file cannot be written (what
     *     {@code contents} throws among it)
     */
    public static void write(final Path target, final Contents contents) throws UnwritableFileException {
        try (FileReplacement replacement = begin(target)) {
            try (OutputStream out = new BufferedOutputStream(replacement.stream(), BUFFER_BYTES)) {
                contents.writeTo(out);
            } catch (final UnwritableFileException e) {
                throw e;
            } catch (final IOException e) {
                throw UnwritableFileException.of(target, e);
            }
            replacement.commit();
        }
    }

    /** What {@link #write} puts into a file. */
    @FunctionalInterface
    public interface Contents {
        /**
         * @param out the file's stream; closing it is not needed
         * @throws IOException if writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Checks, without creating anything, that a file may be written at {@code target}: it does not exist, or it is
     * a regular file (after symbolic links).
     *
     * @param target the file as the user gave it
     * @throws UnwritableFileException if it is a directory, device, named pipe or socket, or a loop of links
     */
    public static void requireReplaceable(final Path target) throws UnwritableFileException {
        final Path destination = destination(target);
        if (Files.exists(destination, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(destination, LinkOption.NOFOLLOW_LINKS)) {
            throw new UnwritableFileException(target, UnwritableFileException.notRegular(destination));
        }
    }

    /**
     * Creates the temporary file beside the target.
     *
     * @param target the file to replace or create, as the user gave it
     * @return the replacement, to write into through {@link #stream()}
     * @throws UnwritableFileException if the target may not be replaced ({@link #requireReplaceable}) or its
     *     directory is missing or not writable
     */
    public static FileReplacement begin(final Path target) throws UnwritableFileException {
        requireReplaceable(target);
        final Path destination = destination(target);
        final Path directory = destination.getParent();
        for (int tries = 0; ; tries++) {
            final Path temporary = directory.resolve("." + destination.getFileName() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".part");
            final FileChannel channel;
            try {
                channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (final FileAlreadyExistsException taken) {
                if (tries < MAX_NAME_TRIES) {
                    continue;
                }
                throw UnwritableFileException.of(target, taken);
            } catch (final IOException e) {
                throw UnwritableFileException.of(target, e);
            }
            final FileReplacement replacement = new FileReplacement(target, destination, temporary, channel);
            replacement.keepPermissions();
            return replacement;
        }
    }

    /** The target with its symbolic links followed to what they name, which need not exist; absolute. */
    private static Path destination(final Path target) throws UnwritableFileException {
        Path path = target.toAbsolutePath();
        for (int links = 0; Files.isSymbolicLink(path); links++) {
            if (links == MAX_LINKS) {
                throw new UnwritableFileException(target, "too many levels of symbolic links");
            }
            try {
                path = path.resolveSibling(Files.readSymbolicLink(path));
            } catch (final IOException e) {
                throw UnwritableFileException.of(target, e);
            }
        }
        return path;
    }

    /** An existing target's permissions for the new file, so that replacing it changes only its bytes. */
    private void keepPermissions() {
        try {
            if (Files.isRegularFile(destination, LinkOption.NOFOLLOW_LINKS)) {
                Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(destination, LinkOption.NOFOLLOW_LINKS));
            }
        } catch (final IOException | UnsupportedOperationException notPosix) {
            // the new file keeps the permissions files are created with
        }
    }

    /**
     * @return where the bytes go: the temporary file; closing the stream (to flush what wraps it) leaves the file
     *     open for {@link #commit}
     */
    public OutputStream stream() {
        return stream;
    }

    /**
     * Forces the bytes to the disk and renames the temporary file onto the target, replacing it.
     *
     * @throws UnwritableFileException if the bytes cannot be forced out, or the target has become something that is
     *     not a regular file meanwhile; the temporary file is then deleted by {@link #close}
     * @throws IllegalStateException if already committed
     */
    public void commit() throws UnwritableFileException {
        if (committed) {
            throw new IllegalStateException("already committed: " + target);
        }
        try {
            channel.force(true);
            channel.close();
            requireReplaceable(target);
            Files.move(temporary, destination, StandardCopyOption.ATOMIC_MOVE);
        } catch (final AtomicMoveNotSupportedException e) {
            throw new UnwritableFileException(target, "cannot be replaced in one step: " + e.getMessage());
        } catch (final IOException e) {
            throw UnwritableFileException.of(target, e);
        }
        committed = true;
        forceDirectory();
    }

    /** The rename made durable too, where the system allows a directory to be forced. */
    private void forceDirectory() {
        try (FileChannel directory = FileChannel.open(destination.getParent(), StandardOpenOption.READ)) {
            directory.force(true);
        } catch (final IOException notSupported) {
            // the rename is done; only its durability across a crash is the system's
        }
    }

    /** Without a commit: closes and deletes the temporary file; the target is left as it was. After one: nothing. */
    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            channel.close();
        } catch (final IOException ignored) {
            // deleted below all the same
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (final IOException ignored) {
            // the failure being reported matters more than a temporary file left behind
        }
    }

    /** Writes into the channel; closing it only stops further writes, so wrappers can be closed to flush. */
    private static final class ChannelStream extends OutputStream {
        private final FileChannel channel;
        private final byte[] one = new byte[1];
        private boolean closed;

        ChannelStream(final FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void write(final int b) throws IOException {
            one[0] = (byte) b;
            write(one, 0, 1);
        }

        @Override
        public void write(final byte[] bytes, final int offset, final int length) throws IOException {
            if (closed) {
                throw new IOException("stream closed");
            }
            final ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
