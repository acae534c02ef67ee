package dev.weir.state;

import org.agrona.DirectBuffer;

/**
 * Reads what a {@link StateOutput} wrote: a window over a buffer with a read position.
 * Re-pointed with {@link #wrap}; reading allocates nothing except the strings
 * {@link #readString(String)} cannot reuse. Not thread-safe.
 */
public final class StateInput {
    private DirectBuffer buffer;
    private int position;
    private int limit;

    /**
     * @param source the bytes
     * @param offset where reading starts
     * @param length how many bytes may be read
     * @return this input
     */
    public StateInput wrap(final DirectBuffer source, final int offset, final int length) {
        this.buffer = source;
        this.position = offset;
        this.limit = offset + length;
        return this;
    }

    /** @return bytes left to read */
    public int remaining() {
        return limit - position;
    }

    /** @return the buffer read from */
    public DirectBuffer buffer() {
        return buffer;
    }

    /** @return the read position in {@link #buffer()} */
    public int position() {
        return position;
    }

    /** @param bytes how many bytes to pass over */
    public void skip(final int bytes) {
        require(bytes);
        position += bytes;
    }

    /** @return the next byte */
    public byte readByte() {
        require(1);
        return buffer.getByte(position++);
    }

    /** @return the next 4 bytes as an int */
    public int readInt() {
        require(Integer.BYTES);
        final int value = buffer.getInt(position);
        position += Integer.BYTES;
        return value;
    }

    /** @return the next 8 bytes as a long */
    public long readLong() {
        require(Long.BYTES);
        final long value = buffer.getLong(position);
        position += Long.BYTES;
        return value;
    }

    /** @return the next 8 bytes as a double */
    public double readDouble() {
        require(Double.BYTES);
        final double value = buffer.getDouble(position);
        position += Double.BYTES;
        return value;
    }

    /**
     * @param reuse a string returned as it is when it equals what is read (so reading a
     *     known key allocates nothing); may be null
     * @return the string read
     */
    public String readString(final String reuse) {
        final int header = readInt();
        final boolean ascii = header >= 0;
        final int length = ascii ? header : -header - 1;
        final int width = ascii ? 1 : Character.BYTES;
        require(length * width);
        if (reuse != null && reuse.length() == length && matches(reuse, ascii)) {
            position += length * width;
            return reuse;
        }
        final char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = ascii ? (char) buffer.getByte(position + i) : buffer.getChar(position + i * width);
        }
        position += length * width;
        return new String(chars);
    }

    private boolean matches(final String reuse, final boolean ascii) {
        for (int i = 0; i < reuse.length(); i++) {
            final char c = ascii ? (char) buffer.getByte(position + i) : buffer.getChar(position + i * Character.BYTES);
            if (c != reuse.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private void require(final int bytes) {
        if (bytes < 0 || position + bytes > limit) {
            throw new IllegalStateException("state bytes end early: need " + bytes + " at " + position + ", limit " + limit);
        }
    }
}
