package dev.weir.codec.input;

/**
 * Reads a signed 64-bit integer written in ASCII decimal digits, the one number rule of job,
 * element and record files: an optional {@code +} or {@code -} and the digits {@code 0}-{@code 9}.
 * Unlike {@link Long#parseLong}, digits of other scripts (Arabic-Indic, fullwidth, ...) are not
 * numbers here, so a file reads the same to Weir as to anyone looking at it. Stateless and
 * thread-safe.
 */
public final class DecimalLong {
    private DecimalLong() {
    }

    /**
     * @param text the number
     * @return its value
     * @throws NumberFormatException if the text is not ASCII decimal digits with an optional sign,
     *     or does not fit 64 bits (then {@link #isDigits} is true)
     */
    public static long parse(final String text) {
        if (!isDigits(text)) {
            throw new NumberFormatException("not a decimal integer: " + text);
        }
        return Long.parseLong(text);
    }

    /**
     * @param text the text to look at
     * @return true if it is an optional sign followed by at least one ASCII digit, whatever its size
     */
    public static boolean isDigits(final String text) {
        final int start = !text.isEmpty() && (text.charAt(0) == '+' || text.charAt(0) == '-') ? 1 : 0;
        if (start == text.length()) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
