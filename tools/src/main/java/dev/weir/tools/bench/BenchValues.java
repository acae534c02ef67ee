package dev.weir.tools.bench;

import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.tools.DurationConverter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Reads the values of {@code weir bench}'s options: counts and rates with {@code k} (thousand) and {@code M} (million)
 * suffixes, {@code max} among rates, CPU lists, idle strategies and durations. Each bad value is a
 * {@link BenchOptionException} naming the option. Stateless.
 */
final class BenchValues {
    /** A count: digits, optionally a fraction, optionally k or M; e.g. 500, 100k, 1M, 2.5M. */
    private static final Pattern COUNT = Pattern.compile("(\\d{1,12})(?:\\.(\\d{1,6}))?([kKM]?)");
    private static final String COUNT_EXAMPLES = "e.g. 5000, 100k, 1M";

    private BenchValues() {
    }

    /**
     * @param option the option, for messages
     * @param text the value as typed
     * @param min the smallest value allowed
     * @return the count
     */
    static long count(final String option, final String text, final long min) {
        final Matcher matcher = COUNT.matcher(text.trim());
        if (!matcher.matches()) {
            throw new BenchOptionException(option, "'" + text + "' is not a number (" + COUNT_EXAMPLES + ")");
        }
        final long scale = switch (matcher.group(3)) {
            case "k", "K" -> 1_000L;
            case "M" -> 1_000_000L;
            default -> 1L;
        };
        final String fraction = matcher.group(2) == null ? "" : matcher.group(2);
        final long fractionScale = (long) Math.pow(10, fraction.length());
        if (scale % fractionScale != 0) {
            throw new BenchOptionException(option, "'" + text + "' is not a whole number");
        }
        final long value = Long.parseLong(matcher.group(1)) * scale + (fraction.isEmpty() ? 0 : Long.parseLong(fraction) * (scale / fractionScale));
        if (value < min) {
            throw new BenchOptionException(option, "must be at least " + min + ", got " + text);
        }
        return value;
    }

    /**
     * @param option the option, for messages
     * @param text the value as typed
     * @param min the smallest value allowed
     * @return the count, at most {@link Integer#MAX_VALUE}
     */
    static int intCount(final String option, final String text, final int min) {
        final long value = count(option, text, min);
        if (value > Integer.MAX_VALUE) {
            throw new BenchOptionException(option, "must be at most " + Integer.MAX_VALUE + ", got " + text);
        }
        return (int) value;
    }

    /**
     * @param text comma-separated rates in events per second, or {@code max} for flat out
     * @return the rates, {@link BenchmarkPlan#FLAT_OUT} for {@code max}
     */
    static long[] rates(final String text) {
        final List<Long> rates = new ArrayList<>();
        for (final String part : text.split(",", -1)) {
            final long rate = "max".equals(part.trim()) ? BenchmarkPlan.FLAT_OUT : count("--rates", part, 1);
            if (rates.contains(rate)) {
                throw new BenchOptionException("--rates", "the rate " + part.trim() + " is given twice");
            }
            rates.add(rate);
        }
        return rates.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * @param text comma-separated CPU ids
     * @return the ids
     */
    static int[] cpus(final String text) {
        final String[] parts = text.split(",", -1);
        final int[] cpus = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            if (!parts[i].trim().matches("\\d{1,5}")) {
                throw new BenchOptionException("--cpus", "'" + parts[i] + "' is not a CPU id (give ids such as 1 or 2,3)");
            }
            cpus[i] = Integer.parseInt(parts[i].trim());
            for (int j = 0; j < i; j++) {
                if (cpus[j] == cpus[i]) {
                    throw new BenchOptionException("--cpus", "CPU " + cpus[i] + " is given twice; each task thread needs a CPU of its own");
                }
            }
        }
        return cpus;
    }

    /**
     * @param text {@code busy-spin}, {@code yield}, {@code backoff} or {@code blocking}
     * @return that idle strategy
     */
    static IdleStrategyKind idle(final String text) {
        for (final IdleStrategyKind kind : IdleStrategyKind.values()) {
            if (label(kind).equals(text)) {
                return kind;
            }
        }
        throw new BenchOptionException("--idle", "'" + text + "' is not an idle strategy (busy-spin, yield, backoff or blocking)");
    }

    /**
     * @param kind an idle strategy
     * @return its name on the command line, e.g. {@code busy-spin}
     */
    static String label(final IdleStrategyKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param option the option, for messages
     * @param text a duration such as {@code 200ms}, {@code 1s} or {@code 0ms}
     * @return it in milliseconds
     */
    static long millis(final String option, final String text) {
        try {
            final Duration duration = new DurationConverter().convert(text);
            return duration.toMillis();
        } catch (final CommandLine.TypeConversionException e) {
            throw new BenchOptionException(option, e.getMessage());
        }
    }
}
