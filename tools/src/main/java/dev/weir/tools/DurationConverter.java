package dev.weir.tools;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Parses durations typed as {@code 250ms}, {@code 2s} or {@code 1m}; anything else is a usage error. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern DURATION = Pattern.compile("(\\d{1,12})(ms|s|m)");

    @Override
    public Duration convert(final String value) {
        final Matcher matcher = DURATION.matcher(value.trim());
        if (!matcher.matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration (examples: 250ms, 2s, 1m)");
        }
        final long amount = Long.parseLong(matcher.group(1));
        switch (matcher.group(2)) {
            case "ms":
                return Duration.ofMillis(amount);
            case "s":
                return Duration.ofSeconds(amount);
            default:
                return Duration.ofMinutes(amount);
        }
    }
}
