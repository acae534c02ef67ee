package dev.weir.source;

import java.io.IOException;
import java.io.Reader;

/**
 * Splits a character stream into lines (terminated by {@code \n}, {@code \r} or {@code \r\n},
 * as {@link java.io.BufferedReader} does) into a reused buffer, so reading allocates nothing
 * per line. Not thread-safe.
 */
final class LineReader implements AutoCloseable {
    private static final int BUFFER_CHARS = 8192;

    private final Reader reader;
    private final char[] buffer = new char[BUFFER_CHARS];
    private int position;
    private int limit;
    private boolean skipLineFeed;
    private boolean endOfInput;

    /** @param reader the characters; closed by {@link #close()} */
    LineReader(final Reader reader) {
        this.reader = reader;
    }

    /**
     * @param line cleared, then filled with the next line without its terminator
     * @return false at the end of the input (then {@code line} is empty)
     * @throws IOException if reading fails
     */
    boolean next(final StringBuilder line) throws IOException {
        line.setLength(0);
        boolean any = false;
        while (true) {
            if (position == limit && !fill()) {
                return any;
            }
            final char c = buffer[position++];
            if (skipLineFeed) {
                skipLineFeed = false;
                if (c == '\n') {
                    continue;
                }
            }
            if (c == '\n') {
                return true;
            }
            if (c == '\r') {
                skipLineFeed = true;
                return true;
            }
            line.append(c);
            any = true;
        }
    }

    private boolean fill() throws IOException {
        if (endOfInput) {
            return false;
        }
        final int read = reader.read(buffer, 0, buffer.length);
        if (read < 0) {
            endOfInput = true;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
