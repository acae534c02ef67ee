package dev.weir.codec.capture;

/**
 * pcapng's {@code if_tsresol}: a byte whose high bit chooses the base (clear: 10^-n s, set: 2^-n s) and whose
 * low seven bits are the exponent n. Converts timestamps to nanoseconds without floating point.
 */
final class TimestampResolution {
    /** What an interface without {@code if_tsresol} uses: microseconds. */
    static final int MICROSECONDS = 6;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private TimestampResolution() {
    }

    /** @return whether the exponent can be converted (10^-0..10^-18 or 2^-0..2^-63) */
    static boolean supported(final int tsresol) {
        final int exponent = tsresol & 0x7F;
        return (tsresol & 0x80) == 0 ? exponent < POWERS_OF_TEN.length : exponent < 64;
    }

    /**
     * @param units a timestamp counted in units of the resolution, taken as unsigned
     * @param tsresol the {@code if_tsresol} byte (0..255), {@link #supported} true
     * @return whether {@link #toNanos} fits a long: the timestamp lies before 2262-04-11 (nanoseconds since 1970 in 63
     *     bits); a later one would wrap around to a wrong time
     */
    static boolean fitsNanos(final long units, final int tsresol) {
        final int exponent = tsresol & 0x7F;
        if ((tsresol & 0x80) == 0) {
            return exponent > 9 || units >= 0 && units <= Long.MAX_VALUE / POWERS_OF_TEN[9 - exponent];
        }
        return Long.compareUnsigned(units >>> exponent, (Long.MAX_VALUE - NANOS_PER_SECOND + 1) / NANOS_PER_SECOND) <= 0;
    }

    /**
     * @param units a timestamp counted in units of the resolution, taken as unsigned
     * @param tsresol the {@code if_tsresol} byte (0..255), {@link #supported} true
     * @return the timestamp in nanoseconds, truncated towards zero
     */
    static long toNanos(final long units, final int tsresol) {
        final int exponent = tsresol & 0x7F;
        if ((tsresol & 0x80) == 0) {
            if (exponent <= 9) {
                return units * POWERS_OF_TEN[9 - exponent];
            }
            return Long.divideUnsigned(units, POWERS_OF_TEN[exponent - 9]);
        }
        // whole seconds and the fraction apart, the fraction scaled in 128 bits so nothing overflows
        final long seconds = units >>> exponent;
        final long fraction = exponent == 0 ? 0 : units & (-1L >>> (64 - exponent));
        final long low = fraction * NANOS_PER_SECOND;
        final long high = Math.multiplyHigh(fraction, NANOS_PER_SECOND);
        final long fractionNanos = exponent == 0 ? 0 : (low >>> exponent) | (high << (64 - exponent));
        return seconds * NANOS_PER_SECOND + fractionNanos;
    }
}
