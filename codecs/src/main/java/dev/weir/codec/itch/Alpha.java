package dev.weir.codec.itch;

/**
 * ITCH text fields ("Alpha": ASCII, left-aligned, right-padded with spaces) of up to 8 bytes held
 * in a long, the first byte in the highest used byte: a stock symbol {@code "AAPL    "} is
 * {@code 0x4141504C20202020L}. Comparing such longs compares the texts without allocating. A field
 * narrower than 8 bytes occupies the low bytes. Stateless and thread-safe.
 */
public final class Alpha {
    private Alpha() {
    }

    /**
     * @param text ASCII text of at most {@code width} characters
     * @param width the field's width in bytes, 1 to 8
     * @return the field as the decoders return it: the text right-padded with spaces
     * @throws IllegalArgumentException if the text is longer than the field or not ASCII
     */
    public static long encode(final String text, final int width) {
        if (text.length() > width || width > Long.BYTES) {
            throw new IllegalArgumentException("'" + text + "' does not fit a " + width + "-byte field");
        }
        long value = 0;
        for (int i = 0; i < width; i++) {
            final char c = i < text.length() ? text.charAt(i) : ' ';
            if (c > 0x7F) {
                throw new IllegalArgumentException("'" + text + "' is not ASCII");
            }
            value = value << 8 | c;
        }
        return value;
    }

    /**
     * Appends the field's text without its padding spaces; allocates nothing if the builder has room.
     *
     * @param value the field as a decoder returned it
     * @param width the field's width in bytes, 1 to 8
     * @param to receives the text
     * @return {@code to}
     */
    public static StringBuilder appendTo(final long value, final int width, final StringBuilder to) {
        int end = width;
        while (end > 0 && byteAt(value, width, end - 1) == ' ') {
            end--;
        }
        for (int i = 0; i < end; i++) {
            to.append((char) byteAt(value, width, i));
        }
        return to;
    }

    /**
     * @param value the field as a decoder returned it
     * @param width the field's width in bytes, 1 to 8
     * @return the field's text without its padding spaces; allocates, so for reports and tests
     */
    public static String text(final long value, final int width) {
        return appendTo(value, width, new StringBuilder(width)).toString();
    }

    private static int byteAt(final long value, final int width, final int index) {
        return (int) (value >>> (8 * (width - 1 - index))) & 0xFF;
    }
}
