package dev.weir.checkpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * The layout of a checkpoint directory: one sub-directory {@code chk-<id>} per checkpoint,
 * holding the snapshot files of every source and operator instance and, once complete, its
 * {@link Manifest}. Finds the latest complete checkpoint and deletes old ones. Thread-safe
 * (stateless over the file system).
 */
public final class CheckpointDirectory {
    private static final String PREFIX = "chk-";

    private final Path root;

    /** @param root the directory that holds the checkpoints */
    public CheckpointDirectory(final Path root) {
        this.root = root;
    }

    /** @return the directory that holds the checkpoints */
    public Path root() {
        return root;
    }

    /**
     * @param checkpointId a checkpoint
     * @return its directory, {@code <root>/chk-<id>}
     */
    public Path checkpointDir(final long checkpointId) {
        return root.resolve(PREFIX + checkpointId);
    }

    /**
     * @param checkpointId a new checkpoint
     * @return its directory, created (with the root if need be)
     * @throws IOException if it cannot be created
     */
    public Path create(final long checkpointId) throws IOException {
        final Path dir = Files.createDirectories(checkpointDir(checkpointId));
        forceDirectory(root);
        return dir;
    }

    /** @return the ids of every checkpoint directory, complete or not, highest first */
    public List<Long> checkpointIds() {
        final List<Long> ids = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return ids;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, PREFIX + "*")) {
            for (final Path dir : dirs) {
                final long id = idOf(dir);
                if (id > 0 && Files.isDirectory(dir)) {
                    ids.add(id);
                }
            }
        } catch (IOException unreadable) {
            throw new CheckpointException("checkpoint directory " + root + " cannot be listed: " + unreadable, unreadable);
        }
        ids.sort(Comparator.reverseOrder());
        return ids;
    }

    private static long idOf(final Path dir) {
        try {
            return Long.parseLong(dir.getFileName().toString().substring(PREFIX.length()));
        } catch (NumberFormatException notACheckpoint) {
            return -1;
        }
    }

    /**
     * @param checkpointId a checkpoint
     * @return true if its manifest exists
     */
    public boolean isComplete(final long checkpointId) {
        return Files.isRegularFile(checkpointDir(checkpointId).resolve(Manifest.FILE_NAME));
    }

    /**
     * @return the id of the checkpoint a restore would pick (the complete one with the highest
     *     id), 0 if the directory holds none or does not exist
     * @throws CheckpointException if the directory is a file, or cannot be listed
     */
    public long latestCompleteId() {
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new CheckpointException("checkpoint directory " + root + " is a file, not a directory");
        }
        for (final long id : checkpointIds()) {
            if (isComplete(id)) {
                return id;
            }
        }
        return 0;
    }

    /**
     * The checkpoint to restore from: the complete one with the highest id (directories without
     * a manifest are incomplete and ignored).
     *
     * @return its manifest
     * @throws CheckpointException if the directory holds no complete checkpoint, or its manifest is unreadable
     */
    public Manifest latestComplete() {
        if (!Files.isDirectory(root)) {
            throw new CheckpointException("cannot restore: checkpoint directory " + root
                    + (Files.exists(root) ? " is a file, not a directory" : " does not exist"));
        }
        for (final long id : checkpointIds()) {
            if (isComplete(id)) {
                final Manifest manifest = Manifest.read(checkpointDir(id).resolve(Manifest.FILE_NAME));
                if (manifest.checkpointId() != id) {
                    throw new CheckpointException("checkpoint manifest " + checkpointDir(id).resolve(Manifest.FILE_NAME)
                            + " belongs to checkpoint " + manifest.checkpointId() + ", not " + id);
                }
                return manifest;
            }
        }
        throw new CheckpointException("cannot restore: checkpoint directory " + root + " holds no complete checkpoint"
                + " (a complete one is a chk-<id> directory with a " + Manifest.FILE_NAME + ")");
    }

    /**
     * @param manifest a complete checkpoint's manifest
     * @param file one of its files
     * @return the file's path, after checking that it has the length the manifest says
     * @throws CheckpointException if it is missing or has another length
     */
    public Path file(final Manifest manifest, final CheckpointFile file) {
        final Path path = checkpointDir(manifest.checkpointId()).resolve(file.fileName());
        try {
            final long size = Files.size(path);
            if (size != file.lengthBytes()) {
                throw new CheckpointException("checkpoint file " + path + " has " + size + " bytes, its manifest says " + file.lengthBytes());
            }
        } catch (IOException missing) {
            throw new CheckpointException("checkpoint file " + path + " is missing or unreadable: " + missing, missing);
        }
        return path;
    }

    /**
     * Checks every file a complete checkpoint lists: it exists, has the recorded length, and its
     * bytes before the footer's checksum have the recorded CRC-32C (each file is read once).
     *
     * @param manifest a complete checkpoint's manifest
     * @throws CheckpointException naming the checkpoint, the first file that differs and how
     */
    public void verify(final Manifest manifest) {
        final Path dir = checkpointDir(manifest.checkpointId());
        final String checkpoint = "checkpoint " + manifest.checkpointId() + " in " + dir + ": file ";
        final byte[] buffer = new byte[1 << 16];
        for (final CheckpointFile file : manifest.files()) {
            final Path path = dir.resolve(file.fileName());
            final CRC32C crc = new CRC32C();
            // type and size before opening: a FIFO in its place would block the open until something writes to it
            final long length = regularFileSize(path, checkpoint + file.fileName());
            if (length != file.lengthBytes()) {
                throw new CheckpointException(checkpoint + file.fileName() + " has " + length + " bytes, its manifest says "
                        + file.lengthBytes());
            }
            try (InputStream in = Files.newInputStream(path)) {
                long left = Math.max(0, length - CheckpointFile.FOOTER_BYTES);
                while (left > 0) {
                    final int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                    if (n < 0) {
                        throw new IOException("it ended early");
                    }
                    crc.update(buffer, 0, n);
                    left -= n;
                }
            } catch (NoSuchFileException missing) {
                throw new CheckpointException(checkpoint + file.fileName() + " is missing (its manifest lists it)", missing);
            } catch (IOException unreadable) {
                throw new CheckpointException(checkpoint + file.fileName() + " cannot be read: " + unreadable, unreadable);
            }
            if ((int) crc.getValue() != file.checksum()) {
                throw new CheckpointException(checkpoint + file.fileName() + " was changed or damaged: its CRC-32C is "
                        + String.format("%08x", (int) crc.getValue()) + ", its manifest says " + String.format("%08x", file.checksum()));
            }
        }
    }

    /**
     * @param path a file a checkpoint lists
     * @param name how messages name it
     * @return its size
     * @throws CheckpointException if it is missing, or not a regular file (a FIFO, a device, a directory)
     */
    static long regularFileSize(final Path path, final String name) {
        final BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException missing) {
            throw new CheckpointException(name + " is missing (its manifest lists it)", missing);
        } catch (IOException unreadable) {
            throw new CheckpointException(name + " cannot be read: " + unreadable.getMessage(), unreadable);
        }
        if (!attributes.isRegularFile()) {
            throw new CheckpointException(name + " is not a regular file (" + (attributes.isDirectory() ? "a directory"
                    : "a FIFO, a socket or a device") + "); a checkpoint holds only the files Weir wrote");
        }
        return attributes.size();
    }

    /**
     * Deletes what is no longer needed once {@code completedId} completed: complete checkpoints
     * beyond the newest {@code keep}, and incomplete ones older than {@code completedId}.
     *
     * @param completedId the checkpoint that just completed
     * @param keep how many complete checkpoints to keep, at least 1
     * @throws IOException if deleting fails
     */
    public void retain(final long completedId, final int keep) throws IOException {
        int complete = 0;
        for (final long id : checkpointIds()) {
            if (id > completedId) {
                continue;
            }
            final boolean isComplete = isComplete(id);
            if (isComplete && complete < keep) {
                complete++;
            } else if (isComplete || id < completedId) {
                delete(checkpointDir(id));
            }
        }
    }

    /**
     * Deletes every checkpoint, complete or not, for a run that deliberately starts over; files
     * in the root that are not checkpoints stay.
     *
     * @throws IOException if deleting fails
     */
    public void deleteAll() throws IOException {
        for (final long id : checkpointIds()) {
            delete(checkpointDir(id));
        }
    }

    private static void delete(final Path dir) throws IOException {
        // the manifest first: a crash while deleting leaves an incomplete checkpoint, never a broken complete one
        Files.deleteIfExists(dir.resolve(Manifest.FILE_NAME));
        try (Stream<Path> files = Files.list(dir)) {
            for (final Path file : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(file);
            }
        }
        Files.deleteIfExists(dir);
    }

    /**
     * Forces a directory's entries (created, renamed files) to disk, where the platform can.
     *
     * @param dir a directory
     */
    static void forceDirectory(final Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException notSupported) {
            // some platforms cannot open a directory; the rename is still atomic there
        }
    }
}
