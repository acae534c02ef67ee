package dev.weir.engines.command;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Parses durations typed as {@code 250ms}, {@code 2s} or {@code 1m}, of any number of digits up to the longest duration a
 * {@code long} of milliseconds holds ({@code 9223372036854775807ms}); anything else is a usage error.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)");

    @Override
    public Duration convert(final String value) {
        final Matcher matcher = DURATION.matcher(value.trim());
        if (!matcher.matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration (examples: 250ms, 2s, 1m)");
        }
        final long millisPerUnit = switch (matcher.group(2)) {
            case "ms" -> 1L;
            case "s" -> 1_000L;
            default -> 60_000L;
        };
        final String digits = matcher.group(1).replaceFirst("^0+(?=.)", "");
        // 19 digits may still be more than a long; 20 always are
        final long amount = digits.length() > 19 || digits.length() == 19 && digits.compareTo(Long.toString(Long.MAX_VALUE)) > 0
                ? -1 : Long.parseLong(digits);
        if (amount < 0 || amount > Long.MAX_VALUE / millisPerUnit) {
            throw new CommandLine.TypeConversionException("'" + value + "' is too large (at most " + Long.MAX_VALUE + "ms)");
        }
        return Duration.ofMillis(amount * millisPerUnit);
    }
}
