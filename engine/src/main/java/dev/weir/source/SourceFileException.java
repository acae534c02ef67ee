package dev.weir.source;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A source file that cannot be read: missing, not a regular file, unreadable, or shorter than
 * the position a restore resumes at. The message is {@code FILE: reason}; {@link #reason()}
 * is the reason alone, for callers that format the file themselves.
 */
public final class SourceFileException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The file as text: a {@code Path} is not serializable, and the exception crosses process boundaries (a Flink job's failure). */
    private final String file;
    private final String reason;

    /**
     * @param file the file
     * @param reason what is wrong, without the file
     * @param cause the underlying failure, or null
     */
    public SourceFileException(final Path file, final String reason, final Throwable cause) {
        super(file + ": " + reason, cause);
        this.file = file.toString();
        this.reason = reason;
    }

    /** @return the file */
    public Path file() {
        return Path.of(file);
    }

    /** @return what is wrong, without the file */
    public String reason() {
        return reason;
    }
}
