package dev.weir.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file that cannot be created, replaced or written, with the reason in words: {@code directory out does not
 * exist}, {@code is a named pipe (FIFO), not a regular file}, {@code permission denied}, or the system's own, such
 * as {@code No space left on device}. The message reads {@code cannot write FILE: REASON}.
 */
public final class UnwritableFileException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String reason;

    /**
     * @param file the file as the user gave it
     * @param reason why it cannot be written
     */
    public UnwritableFileException(final Path file, final String reason) {
        super("cannot write " + file + ": " + reason);
        this.file = file.toString();
        this.reason = reason;
    }

    /**
     * Puts a failure to create or write a file into words, looking at the file and its directory for a missing
     * directory or one that is a file.
     *
     * @param file the file as the user gave it
     * @param failure what opening or writing it threw
     * @return the failure with its reason
     */
    public static UnwritableFileException of(final Path file, final IOException failure) {
        if (failure instanceof UnwritableFileException) {
            return (UnwritableFileException) failure;
        }
        final UnwritableFileException unwritable = new UnwritableFileException(file, reason(file, failure));
        unwritable.initCause(failure);
        return unwritable;
    }

    private static String reason(final Path file, final IOException failure) {
        if (Files.isDirectory(file)) {
            return "is a directory, not a file";
        }
        final Path directory = file.toAbsolutePath().getParent();
        if (directory != null && !Files.isDirectory(directory)) {
            final Path named = file.getParent() != null ? file.getParent() : directory;
            return Files.exists(named) ? named + " is not a directory" : "directory " + named + " does not exist";
        }
        if (failure instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (failure instanceof NoSuchFileException) {
            // the directory is there: a symbolic link on the way that leads nowhere
            return "no such file or directory";
        }
        if (failure instanceof FileSystemException && ((FileSystemException) failure).getReason() != null) {
            return ((FileSystemException) failure).getReason();
        }
        return failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
    }

    /**
     * @param file a path that exists and is not a regular file (symbolic links not followed)
     * @return what it is instead, e.g. {@code is a named pipe (FIFO), not a regular file}
     */
    static String notRegular(final Path file) {
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            return "is a directory, not a file";
        }
        final String kind = switch (mode(file) & 0170000) {
            case 0010000 -> "a named pipe (FIFO)";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            case 0140000 -> "a socket";
            default -> "something other";
        };
        return "is " + kind + ", not a regular file";
    }

    /** @return the Unix mode bits, or 0 where the file system has none */
    private static int mode(final Path file) {
        try {
            return (Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        } catch (final IOException | UnsupportedOperationException | IllegalArgumentException noUnixView) {
            return 0;
        }
    }

    /** @return the file as the user gave it */
    public String file() {
        return file;
    }

    /** @return why it cannot be written, without the file's name */
    public String reason() {
        return reason;
    }
}
