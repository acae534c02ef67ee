package dev.weir.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;

/**
 * Splits a byte stream into lines (terminated by {@code \n}, {@code \r} or {@code \r\n}, as
 * {@link java.io.BufferedReader} does) and decodes each into a reused buffer, so reading
 * allocates nothing per line once the buffers fit the longest line. Lines are split on bytes,
 * so the charset must encode {@code \n} and {@code \r} as single bytes that no other character
 * contains (UTF-8, ASCII and the ISO-8859 family do); in exchange the reader knows the byte
 * offset of the next line, which a checkpoint records to resume there. Not thread-safe.
 */
final class LineReader implements AutoCloseable {
    private static final int BUFFER_BYTES = 8192;

    private final InputStream input;
    private final CharsetDecoder decoder;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private ByteBuffer lineBytes = ByteBuffer.allocate(256);
    private CharBuffer lineChars = CharBuffer.allocate(256);
    private int position;
    private int limit;
    private long offset;
    private boolean endOfInput;

    /**
     * @param input the bytes from {@code startOffset} on; closed by {@link #close()}
     * @param decoder the charset's decoder; malformed input is an error
     * @param startOffset the byte offset in the file of the input's first byte
     */
    LineReader(final InputStream input, final CharsetDecoder decoder, final long startOffset) {
        this.input = input;
        this.decoder = decoder;
        this.offset = startOffset;
    }

    /**
     * @param line cleared, then filled with the next line without its terminator
     * @return false at the end of the input (then {@code line} is empty)
     * @throws IOException if reading fails or the line is malformed in the charset
     */
    boolean next(final StringBuilder line) throws IOException {
        line.setLength(0);
        lineBytes.clear();
        boolean any = false;
        boolean ascii = true;
        while (true) {
            if (position == limit && !fill()) {
                if (any) {
                    decode(line, ascii);
                }
                return any;
            }
            final byte b = buffer[position++];
            offset++;
            if (b == '\n' || b == '\r') {
                if (b == '\r' && (position < limit || fill()) && buffer[position] == '\n') {
                    position++;
                    offset++;
                }
                decode(line, ascii);
                return true;
            }
            if (!lineBytes.hasRemaining()) {
                lineBytes = ByteBuffer.allocate(lineBytes.capacity() * 2).put(lineBytes.flip());
            }
            lineBytes.put(b);
            ascii &= b >= 0;
            any = true;
        }
    }

    private void decode(final StringBuilder line, final boolean ascii) throws IOException {
        lineBytes.flip();
        if (ascii) {
            final byte[] bytes = lineBytes.array();
            for (int i = 0; i < lineBytes.limit(); i++) {
                line.append((char) bytes[i]);
            }
            return;
        }
        final int maxChars = (int) Math.ceil(lineBytes.remaining() * (double) decoder.maxCharsPerByte()) + 1;
        if (lineChars.capacity() < maxChars) {
            lineChars = CharBuffer.allocate(maxChars);
        }
        lineChars.clear();
        decoder.reset();
        CoderResult result = decoder.decode(lineBytes, lineChars, true);
        if (!result.isUnderflow()) {
            result.throwException();
        }
        result = decoder.flush(lineChars);
        if (!result.isUnderflow()) {
            result.throwException();
        }
        lineChars.flip();
        line.append(lineChars);
    }

    private boolean fill() throws IOException {
        if (endOfInput) {
            return false;
        }
        final int read = input.read(buffer, 0, buffer.length);
        if (read < 0) {
            endOfInput = true;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    /** @return the byte offset in the file of the next line to read */
    long offset() {
        return offset;
    }

    @Override
    public void close() throws IOException {
        input.close();
    }
}
