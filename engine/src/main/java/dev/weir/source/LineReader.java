package dev.weir.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Splits a byte stream into lines (terminated by {@code \n}, {@code \r} or {@code \r\n}, as
 * {@link java.io.BufferedReader} does) and decodes each into a reused buffer, so reading
 * allocates nothing per line once the buffers fit the longest line. Lines are split on bytes,
 * so the charset must encode {@code \n} and {@code \r} as single bytes that no other character
 * contains (UTF-8, ASCII and the ISO-8859 family do); in exchange the reader knows the byte
 * offset of the next line, which a checkpoint records to resume there.
 *
 * <p>A UTF-8 byte order mark at offset 0 is skipped (offsets still count its three bytes). Each
 * line is decoded strictly: a malformed byte sequence is a {@link BadLineException} naming its
 * byte offset in the file, and a line longer than the limit is one too, raised before the
 * rest of the line is buffered. Either is raised only after every earlier line was handed out.
 * Not thread-safe.
 */
public final class LineReader implements AutoCloseable {
    /** The default longest line, in bytes without the terminator: 1 MiB. */
    public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;

    private static final int BUFFER_BYTES = 8192;
    private static final int BOM_BYTES = 3;

    private final InputStream input;
    private final Charset charset;
    private final CharsetDecoder decoder;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private ByteBuffer lineBytes = ByteBuffer.allocate(256);
    private CharBuffer lineChars = CharBuffer.allocate(256);
    private int position;
    private int limit;
    private long offset;
    private long lineNumber;
    private boolean started;
    private boolean endOfInput;

    /**
     * @param input the bytes from {@code startOffset} on; closed by {@link #close()}
     * @param charset the bytes' encoding
     * @param startOffset the byte offset in the file of the input's first byte
     * @param linesBefore how many lines of the file come before {@code startOffset}
     * @param maxLineBytes the longest line accepted, in bytes without its terminator; positive
     */
    public LineReader(final InputStream input, final Charset charset, final long startOffset, final long linesBefore,
            final int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("the maximum line length must be positive: " + maxLineBytes);
        }
        this.input = input;
        this.charset = charset;
        this.decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        this.offset = startOffset;
        this.lineNumber = linesBefore;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * @param input a whole file's bytes; closed by {@link #close()}
     * @param maxLineBytes the longest line accepted, in bytes; positive
     * @return a UTF-8 reader from the file's first byte
     */
    public static LineReader utf8(final InputStream input, final int maxLineBytes) {
        return new LineReader(input, StandardCharsets.UTF_8, 0, 0, maxLineBytes);
    }

    /**
     * @param line cleared, then filled with the next line without its terminator
     * @return false at the end of the input (then {@code line} is empty)
     * @throws BadLineException if the next line is malformed in the charset or too long
     * @throws IOException if reading fails
     */
    public boolean next(final StringBuilder line) throws IOException {
        if (!started) {
            started = true;
            skipByteOrderMark();
        }
        line.setLength(0);
        lineBytes.clear();
        final long lineStart = offset;
        boolean any = false;
        boolean ascii = true;
        while (true) {
            if (position == limit && !fill()) {
                if (any) {
                    lineNumber++;
                    decode(line, ascii, lineStart);
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
                lineNumber++;
                decode(line, ascii, lineStart);
                return true;
            }
            if (lineBytes.position() == maxLineBytes) {
                throw new BadLineException(lineNumber + 1, "longer than the limit of " + maxLineBytes + " bytes");
            }
            if (!lineBytes.hasRemaining()) {
                final int capacity = (int) Math.min(maxLineBytes, lineBytes.capacity() * 2L);
                lineBytes = ByteBuffer.allocate(capacity).put(lineBytes.flip());
            }
            lineBytes.put(b);
            ascii &= b >= 0;
            any = true;
        }
    }

    private void skipByteOrderMark() throws IOException {
        if (offset != 0 || !StandardCharsets.UTF_8.equals(charset)) {
            return;
        }
        // a read may return fewer bytes than asked for: gather the first three before looking
        while (limit < BOM_BYTES && !endOfInput) {
            final int read = input.read(buffer, limit, buffer.length - limit);
            if (read < 0) {
                endOfInput = true;
            } else {
                limit += read;
            }
        }
        if (limit >= BOM_BYTES && buffer[0] == (byte) 0xEF && buffer[1] == (byte) 0xBB && buffer[2] == (byte) 0xBF) {
            position = BOM_BYTES;
            offset = BOM_BYTES;
        }
    }

    private void decode(final StringBuilder line, final boolean ascii, final long lineStart) throws IOException {
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
        if (result.isUnderflow()) {
            result = decoder.flush(lineChars);
        }
        if (!result.isUnderflow()) {
            // the decoder stops with its position on the first byte of the bad sequence
            throw new BadLineException(lineNumber, "byte offset " + (lineStart + lineBytes.position()) + ": not " + charset.name());
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
    public long offset() {
        return offset;
    }

    /** @return the 1-based number of the line {@link #next} returned last (the lines before the start at first) */
    public long lineNumber() {
        return lineNumber;
    }

    @Override
    public void close() throws IOException {
        input.close();
    }
}
