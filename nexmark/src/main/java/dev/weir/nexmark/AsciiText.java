package dev.weir.nexmark;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A reusable, growable run of ASCII bytes seen as a {@link CharSequence}: the generator refills it in place for every
 * event, so a field costs no allocation once its array has reached the field's largest length.
 */
public final class AsciiText implements CharSequence {
    private byte[] bytes;
    private int length;

    /** An empty text with room for {@code capacity} bytes before it grows. */
    public AsciiText(final int capacity) {
        this.bytes = new byte[Math.max(capacity, 1)];
    }

    /** An empty text with a small initial capacity. */
    public AsciiText() {
        this(16);
    }

    /** Empties the text, keeping its array. */
    public AsciiText clear() {
        length = 0;
        return this;
    }

    /** Appends one ASCII character. */
    public AsciiText append(final char c) {
        ensure(length + 1);
        bytes[length++] = (byte) c;
        return this;
    }

    /** Appends ASCII bytes. */
    public AsciiText append(final byte[] ascii) {
        ensure(length + ascii.length);
        System.arraycopy(ascii, 0, bytes, length, ascii.length);
        length += ascii.length;
        return this;
    }

    /** Removes the spaces at both ends of the part of the text that starts at {@code from}. */
    void trimFrom(final int from) {
        int end = length;
        while (end > from && bytes[end - 1] == ' ') {
            end--;
        }
        int start = from;
        while (start < end && bytes[start] == ' ') {
            start++;
        }
        System.arraycopy(bytes, start, bytes, from, end - start);
        length = from + end - start;
    }

    /** The byte at {@code index} (ASCII). */
    public byte byteAt(final int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return bytes[index];
    }

    /** Copies this text's bytes into {@code target}, which grows as needed. */
    public void copyTo(final AsciiText target) {
        target.clear();
        target.ensure(length);
        System.arraycopy(bytes, 0, target.bytes, 0, length);
        target.length = length;
    }

    /** Whether this text holds the same characters as {@code other}. */
    public boolean contentEquals(final CharSequence other) {
        if (other.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (other.charAt(i) != (char) bytes[i]) {
                return false;
            }
        }
        return true;
    }

    private void ensure(final int capacity) {
        if (capacity > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(capacity, bytes.length * 2));
        }
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(final int index) {
        return (char) byteAt(index);
    }

    @Override
    public CharSequence subSequence(final int start, final int end) {
        return toString().substring(start, end);
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof AsciiText && contentEquals((AsciiText) other);
    }

    @Override
    public int hashCode() {
        int hash = 1;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + bytes[i];
        }
        return hash;
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.US_ASCII);
    }
}
