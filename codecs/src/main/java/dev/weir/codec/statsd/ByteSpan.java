package dev.weir.codec.statsd;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;

/**
 * A reusable view of a run of bytes in a {@link DirectBuffer}: a metric name, a tag, a set member.
 * Comparing and hashing read the bytes in place and allocate nothing; only {@link #asString} and
 * {@link #toString} make a String (decoded as UTF-8). The view does not copy: it shows whatever the
 * buffer holds at the time it is read.
 *
 * <p>{@link Object#equals} and {@link Object#hashCode} stay identity-based on purpose: a span is
 * re-pointed as parsing goes on, so it must not be a key of a hash map; use {@link #contentEquals}
 * and {@link #contentHash} to look content up. Not thread-safe.
 */
public final class ByteSpan {
    private DirectBuffer buffer;
    private int offset;
    private int length;

    /** Creates a span that shows nothing until {@link #wrap} points it at bytes. */
    public ByteSpan() {
        this.length = 0;
    }

    /**
     * Points this view at {@code length} bytes of {@code buffer} from {@code offset}.
     *
     * @param buffer the bytes
     * @param offset index of the first byte in the buffer
     * @param length number of bytes, zero or more
     * @return this span
     */
    public ByteSpan wrap(final DirectBuffer buffer, final int offset, final int length) {
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        return this;
    }

    /** @return the buffer viewed, or null before the first {@link #wrap} */
    public DirectBuffer buffer() {
        return buffer;
    }

    /** @return index of the first byte in {@link #buffer} */
    public int offset() {
        return offset;
    }

    /** @return number of bytes */
    public int length() {
        return length;
    }

    /**
     * @param index 0 to {@code length() - 1}
     * @return the byte at that position of the span
     */
    public byte byteAt(final int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("index " + index + " outside a span of " + length + " bytes");
        }
        return buffer.getByte(offset + index);
    }

    /**
     * @param other another span, possibly over another buffer
     * @return true if both hold the same bytes in the same order
     */
    public boolean contentEquals(final ByteSpan other) {
        if (other.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (buffer.getByte(offset + i) != other.buffer.getByte(other.offset + i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param ascii text of US-ASCII characters only (a name as a program writes it)
     * @return true if the span holds exactly these characters, one byte each; false for any
     *     non-ASCII character in {@code ascii}
     */
    public boolean contentEquals(final CharSequence ascii) {
        if (ascii.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            final char c = ascii.charAt(i);
            if (c > 0x7F || buffer.getByte(offset + i) != (byte) c) {
                return false;
            }
        }
        return true;
    }

    /**
     * A hash of the bytes, the same for spans with equal content whatever buffer or position they are
     * in: {@code h = 31 * h + (b & 0xFF)} over the bytes from {@code h = 0}, so an ASCII span hashes
     * like the equal {@link String}.
     *
     * @return the hash of the content
     */
    public int contentHash() {
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + (buffer.getByte(offset + i) & 0xFF);
        }
        return hash;
    }

    /**
     * Orders spans by their bytes compared as unsigned values, a shorter prefix first (the order of the
     * UTF-8 text's code points).
     *
     * @param other another span
     * @return negative, zero or positive as this span sorts before, with or after {@code other}
     */
    public int compareContent(final ByteSpan other) {
        final int common = Math.min(length, other.length);
        for (int i = 0; i < common; i++) {
            final int difference = (buffer.getByte(offset + i) & 0xFF) - (other.buffer.getByte(other.offset + i) & 0xFF);
            if (difference != 0) {
                return difference;
            }
        }
        return Integer.compare(length, other.length);
    }

    /** @return the bytes decoded as UTF-8 (malformed sequences become U+FFFD); allocates */
    public String asString() {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** @return {@link #asString}, for diagnostics */
    @Override
    public String toString() {
        return buffer == null ? "" : asString();
    }
}
