package dev.weir.source;

import java.io.IOException;

/**
 * A line a {@link LineReader} cannot hand out: a byte sequence that is not valid in the file's
 * charset, or a line longer than the reader's limit. The message is the reason alone (for
 * example {@code byte offset 1234: not UTF-8}); the caller adds the file and {@link #line()}.
 * Every line before this one was handed out.
 */
public final class BadLineException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long line;

    /**
     * @param line the 1-based number of the bad line
     * @param reason what is wrong, without file or line
     */
    public BadLineException(final long line, final String reason) {
        super(reason);
        this.line = line;
    }

    /** @return the 1-based number of the bad line */
    public long line() {
        return line;
    }
}
