package dev.weir.state;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A growable byte sink for {@link StateSerializer}s: little-endian primitives and strings
 * appended at a position. Reused across writes ({@link #clear()}); writing allocates only
 * when the buffer has to grow. Not thread-safe.
 */
public final class StateOutput {
    private final ExpandableArrayBuffer buffer;
    private int position;

    /** A buffer with room for 64 bytes before it grows. */
    public StateOutput() {
        this(64);
    }

    /** @param initialCapacity bytes before the first growth */
    public StateOutput(final int initialCapacity) {
        this.buffer = new ExpandableArrayBuffer(initialCapacity);
    }

    /** Forgets what was written; the next write starts at position 0. */
    public void clear() {
        position = 0;
    }

    /** @return the number of bytes written since the last {@link #clear()} */
    public int length() {
        return position;
    }

    /** @return the bytes, valid from index 0 to {@link #length()} until the next write */
    public MutableDirectBuffer buffer() {
        return buffer;
    }

    /** @param value appended as one byte */
    public void writeByte(final int value) {
        buffer.putByte(position, (byte) value);
        position += 1;
    }

    /** @param value appended as 4 bytes */
    public void writeInt(final int value) {
        buffer.putInt(position, value);
        position += Integer.BYTES;
    }

    /** @param value appended as 8 bytes */
    public void writeLong(final long value) {
        buffer.putLong(position, value);
        position += Long.BYTES;
    }

    /** @param value appended as 8 bytes */
    public void writeDouble(final double value) {
        buffer.putDouble(position, value);
        position += Double.BYTES;
    }

    /**
     * Appends the length and the chars of a string, one byte per char when all are below 128,
     * two otherwise; nothing is allocated.
     *
     * @param value the string, not null
     */
    public void writeString(final String value) {
        final int length = value.length();
        boolean ascii = true;
        for (int i = 0; i < length && ascii; i++) {
            ascii = value.charAt(i) < 0x80;
        }
        writeInt(ascii ? length : -length - 1);
        for (int i = 0; i < length; i++) {
            if (ascii) {
                buffer.putByte(position++, (byte) value.charAt(i));
            } else {
                buffer.putChar(position, value.charAt(i));
                position += Character.BYTES;
            }
        }
    }

    /**
     * @param source bytes to append
     * @param offset where they start in {@code source}
     * @param length how many
     */
    public void writeBytes(final DirectBuffer source, final int offset, final int length) {
        buffer.putBytes(position, source, offset, length);
        position += length;
    }
}
