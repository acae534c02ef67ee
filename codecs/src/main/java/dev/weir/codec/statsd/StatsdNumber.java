package dev.weir.codec.statsd;

import org.agrona.DirectBuffer;

/**
 * Reads a StatsD value or sample rate, ASCII decimal text, as a double: an optional {@code +} or
 * {@code -}, digits with at most one {@code .} (at least one digit in all, so {@code 5.} and
 * {@code .5} are numbers) and an optional exponent {@code e}/{@code E}, optional sign, digits.
 * {@code NaN}, {@code Infinity}, hexadecimal, spaces, and numbers too large for a double (above about
 * 1.8e308) are not numbers. The result is the nearest
 * double, as {@link Double#parseDouble} gives. Numbers whose significant digits form an integer below
 * 2^53 (every number of up to 15 digits) with a decimal exponent within ±22, which covers ordinary metric
 * values, are computed in place without allocation; longer or larger ones take the exact but allocating
 * path through {@link Double#parseDouble}. Stateless
 * and thread-safe.
 */
final class StatsdNumber {
    /** Powers of ten a double holds exactly: 10^0 .. 10^22. */
    private static final double[] EXACT_POWERS = new double[23];

    /** Largest mantissa a double holds exactly (2^53). */
    private static final long EXACT_MANTISSA = 1L << 53;

    /** Caps the exponent digits read, far beyond any double's range, so that the int cannot overflow. */
    private static final int EXPONENT_CAP = 100_000;

    static {
        double power = 1;
        for (int i = 0; i < EXACT_POWERS.length; i++) {
            EXACT_POWERS[i] = power;
            power *= 10;
        }
    }

    private StatsdNumber() {
    }

    /**
     * @param buffer the bytes
     * @param offset index of the number's first byte
     * @param length number of bytes
     * @return the value, or {@link Double#NaN} if the bytes are not a decimal number as described above
     *     (NaN cannot be a result otherwise, since the text {@code NaN} is rejected)
     */
    static double parse(final DirectBuffer buffer, final int offset, final int length) {
        final int end = offset + length;
        int i = offset;
        boolean negative = false;
        if (i < end && (buffer.getByte(i) == '+' || buffer.getByte(i) == '-')) {
            negative = buffer.getByte(i) == '-';
            i++;
        }
        long mantissa = 0;
        int significant = 0;
        int exponent = 0;
        int digits = 0;
        boolean point = false;
        for (; i < end; i++) {
            final byte b = buffer.getByte(i);
            if (b == '.') {
                if (point) {
                    return Double.NaN;
                }
                point = true;
            } else if (b >= '0' && b <= '9') {
                digits++;
                if (mantissa == 0 && b == '0') {
                    // a leading zero adds no significant digit, but after the point it shifts the scale
                    if (point) {
                        exponent--;
                    }
                } else if (significant < 18) {
                    mantissa = mantissa * 10 + (b - '0');
                    significant++;
                    if (point) {
                        exponent--;
                    }
                } else {
                    // beyond 18 digits the long could overflow; only count them and let the exact path decide
                    significant++;
                    if (!point) {
                        exponent++;
                    }
                }
            } else {
                break;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        if (i < end) {
            final byte marker = buffer.getByte(i);
            if (marker != 'e' && marker != 'E') {
                return Double.NaN;
            }
            i++;
            boolean negativeExponent = false;
            if (i < end && (buffer.getByte(i) == '+' || buffer.getByte(i) == '-')) {
                negativeExponent = buffer.getByte(i) == '-';
                i++;
            }
            if (i == end) {
                return Double.NaN;
            }
            int written = 0;
            for (; i < end; i++) {
                final byte b = buffer.getByte(i);
                if (b < '0' || b > '9') {
                    return Double.NaN;
                }
                written = Math.min(EXPONENT_CAP, written * 10 + (b - '0'));
            }
            exponent += negativeExponent ? -written : written;
        }
        if (mantissa == 0) {
            return negative ? -0.0 : 0.0;
        }
        if (significant <= 18 && mantissa < EXACT_MANTISSA && exponent >= -22 && exponent <= 22) {
            // both operands are exact doubles, so one IEEE multiply or divide rounds correctly
            final double magnitude = exponent >= 0 ? mantissa * EXACT_POWERS[exponent] : mantissa / EXACT_POWERS[-exponent];
            return negative ? -magnitude : magnitude;
        }
        final double exact = Double.parseDouble(buffer.getStringWithoutLengthAscii(offset, length));
        // beyond the double range the text is no more a usable value than the rejected "Infinity"
        return Double.isInfinite(exact) ? Double.NaN : exact;
    }
}
