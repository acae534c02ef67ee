package dev.weir.jobs.file;

import dev.weir.codec.input.DecimalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A duration in a job file: a whole number of milliseconds ({@code 5000}), or a whole number with the unit the
 * command-line options take, {@code ms}, {@code s} or {@code m} ({@code 5000ms}, {@code 5s}, {@code 1m}), with an
 * optional sign where the key allows negative values. Stateless.
 */
final class DurationText {
    /** The forms, for messages. */
    static final String FORMS = "milliseconds, or a whole number with a unit: 250ms, 2s, 1m";
    private static final Pattern WITH_UNIT = Pattern.compile("([+-]?[0-9]+)(ms|s|m)");

    private DurationText() {
    }

    /**
     * @param text the value as written
     * @return the milliseconds
     * @throws NumberFormatException if it is no duration
     * @throws ArithmeticException if it is one, but beyond 64 bits of milliseconds
     */
    static long millis(final String text) {
        if (DecimalLong.isDigits(text)) {
            try {
                return DecimalLong.parse(text);
            } catch (final NumberFormatException tooBig) {
                throw new ArithmeticException("beyond 64 bits");
            }
        }
        final Matcher matcher = WITH_UNIT.matcher(text);
        if (!matcher.matches()) {
            throw new NumberFormatException("not a duration: " + text);
        }
        final long amount;
        try {
            amount = Long.parseLong(matcher.group(1));
        } catch (final NumberFormatException tooBig) {
            throw new ArithmeticException("beyond 64 bits");
        }
        switch (matcher.group(2)) {
            case "ms":
                return amount;
            case "s":
                return Math.multiplyExact(amount, 1_000L);
            default:
                return Math.multiplyExact(amount, 60_000L);
        }
    }
}
