package dev.weir.jobs.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One run's claim on a checkpoint directory: an operating-system lock ({@link FileChannel#tryLock}) on the file
 * {@value #FILE_NAME} in it, held until {@link #close()} or the process ends (even by {@code kill -9}: the
 * system drops the lock). A run that checkpoints into the directory holds it exclusively, so a second run can
 * neither checkpoint there (it would delete the first run's checkpoints as old ones) nor restore from it (the
 * first run may delete the checkpoint being read); a run that only restores from it shares it with other such
 * runs. The lock file holds the process id of the run that last held it exclusively; it stays in the directory.
 */
public final class CheckpointDirectoryLock implements AutoCloseable {
    /** The lock file's name in the checkpoint directory. */
    public static final String FILE_NAME = "weir.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private CheckpointDirectoryLock(final FileChannel channel, final FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Claims the directory a run checkpoints into (created if missing), for this run alone.
     *
     * @param dir the checkpoint directory
     * @param option the option that named it, for the message ({@code --checkpoint-dir})
     * @return the held lock
     * @throws CheckpointDirectoryInUseException if another run holds it, or it cannot be created or written
     */
    public static CheckpointDirectoryLock exclusive(final Path dir, final String option) {
        if (Files.isSymbolicLink(dir) && !Files.exists(dir)) {
            throw new CheckpointDirectoryInUseException(dir.toString(), option + " is a symbolic link that leads to no directory: "
                    + linkFault(dir));
        }
        try {
            Files.createDirectories(dir);
        } catch (final IOException e) {
            throw new CheckpointDirectoryInUseException(dir.toString(), option + " cannot be created: " + reason(e));
        }
        final Path file = dir.resolve(FILE_NAME);
        final FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (final IOException e) {
            throw new CheckpointDirectoryInUseException(dir.toString(), option + " cannot be written (" + FILE_NAME + "): " + reason(e));
        }
        final FileLock lock = tryLock(channel, false);
        if (lock == null) {
            throw inUse(dir, channel);
        }
        try {
            if (channel.size() > 0 && holder(channel).isEmpty()) {
                // not a lock file of Weir's: locked, but left as it is
                return new CheckpointDirectoryLock(channel, lock);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        } catch (final IOException e) {
            close(channel);
            throw new CheckpointDirectoryInUseException(dir.toString(), option + " cannot be written (" + FILE_NAME + "): " + reason(e));
        }
        return new CheckpointDirectoryLock(channel, lock);
    }

    /**
     * Claims a directory a run restores from without checkpointing into it: shared with other runs that only
     * restore from it, refused while a run checkpoints there. A directory nobody may write (read-only, archived)
     * has no live run in it and is read without a lock.
     *
     * @param dir the restore directory; it exists
     * @return the held lock, or null for a directory without a lock file that cannot be written
     * @throws CheckpointDirectoryInUseException if a run checkpoints into it
     */
    public static CheckpointDirectoryLock shared(final Path dir) {
        final Path file = dir.resolve(FILE_NAME);
        final FileChannel channel;
        try {
            channel = Files.exists(file) ? FileChannel.open(file, StandardOpenOption.READ)
                    : FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (final IOException e) {
            return null;
        }
        final FileLock lock = tryLock(channel, true);
        if (lock == null) {
            throw inUse(dir, channel);
        }
        return new CheckpointDirectoryLock(channel, lock);
    }

    private static FileLock tryLock(final FileChannel channel, final boolean shared) {
        try {
            return channel.tryLock(0, Long.MAX_VALUE, shared);
        } catch (final OverlappingFileLockException heldInThisProcess) {
            return null;
        } catch (final IOException e) {
            close(channel);
            throw new IllegalStateException("cannot lock: " + reason(e), e);
        }
    }

    private static CheckpointDirectoryInUseException inUse(final Path dir, final FileChannel channel) {
        String holder;
        try {
            holder = holder(channel);
        } catch (final IOException unreadable) {
            holder = ""; // the message does without the process id
        }
        close(channel);
        return new CheckpointDirectoryInUseException(dir.toString(), "is in use by another weir run"
                + (holder.isEmpty() ? "" : " (process " + holder + ")") + "; wait for it to end, or give another directory");
    }

    /** @return the process id the lock file holds, or an empty string if it holds none */
    private static String holder(final FileChannel channel) throws IOException {
        final ByteBuffer bytes = ByteBuffer.allocate(32);
        channel.read(bytes, 0);
        final String pid = new String(bytes.array(), 0, bytes.position(), StandardCharsets.US_ASCII).trim();
        return pid.matches("[0-9]{1,19}") ? pid : "";
    }

    /** @return why a link resolves to nothing: a loop, or a target that is missing */
    private static String linkFault(final Path link) {
        try {
            link.toRealPath();
            return "its target is missing";
        } catch (final IOException e) {
            if (e instanceof java.nio.file.NoSuchFileException) {
                return "its target is missing";
            }
            final String reason = reason(e);
            return reason.startsWith("Too many levels of symbolic links") ? "the links make a loop" : reason;
        }
    }

    private static String reason(final IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static void close(final FileChannel channel) {
        try {
            channel.close();
        } catch (final IOException ignored) {
            // nothing held
        }
    }

    /** Lets go of the directory; the lock file stays. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (final IOException ignored) {
            // closing the channel releases it too
        }
        close(channel);
    }
}
