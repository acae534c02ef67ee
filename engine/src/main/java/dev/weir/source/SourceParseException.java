package dev.weir.source;

import java.nio.file.Path;

/**
 * A line of a source file that its parser rejected, or that could not be decoded or was too
 * long. The message names the file, the 1-based line and the reason, as
 * {@code FILE:LINE: reason}; the parser's exception (or the line reader's
 * {@link BadLineException}) is the cause. Records of the lines before it were emitted and are not lost.
 */
public final class SourceParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The file as text: a {@code Path} is not serializable, and the exception crosses process boundaries (a Flink job's failure). */
    private final String file;
    private final long line;

    /**
     * @param file the file
     * @param line the 1-based line number
     * @param cause what the parser threw
     */
    public SourceParseException(final Path file, final long line, final Throwable cause) {
        super(file + ":" + line + ": " + reason(cause), cause);
        this.file = file.toString();
        this.line = line;
    }

    private static String reason(final Throwable cause) {
        final String message = cause.getMessage();
        return message == null || message.isEmpty() ? cause.getClass().getSimpleName() : message;
    }

    /** @return the file with the bad line */
    public Path file() {
        return Path.of(file);
    }

    /** @return the bad line's 1-based number */
    public long line() {
        return line;
    }
}
