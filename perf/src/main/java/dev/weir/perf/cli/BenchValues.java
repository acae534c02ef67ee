package dev.weir.perf.cli;

import dev.weir.api.StagePlacement;
import dev.weir.perf.bench.WeirSystem;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.engines.command.DurationConverter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Reads the values of {@code weir bench}'s options: counts and rates with {@code k} (thousand) and {@code M} (million)
 * suffixes, {@code max} among rates, CPU lists, idle strategies, placements and durations. Each bad value is a
 * {@link BenchOptionException} naming the option. Stateless.
 */
final class BenchValues {
    /** A count: digits, optionally a fraction, optionally k or M; e.g. 500, 100k, 1M, 2.5M. */
    private static final Pattern COUNT = Pattern.compile("(\\d+)(?:\\.(\\d{1,6}))?([kKM]?)");
    private static final String COUNT_EXAMPLES = "e.g. 5000, 100k, 1M";
    /**
     * The largest count any option takes (10^12): events, rates and the like beyond it are not a benchmark that ends, and
     * sums of two such counts stay far within a {@code long}.
     */
    static final long MAX_COUNT = 1_000_000_000_000L;

    private BenchValues() {
    }

    /**
     * @param option the option, for messages
     * @param text the value as typed
     * @param min the smallest value allowed
     * @return the count, at most {@link #MAX_COUNT}
     */
    static long count(final String option, final String text, final long min) {
        return count(option, text, min, MAX_COUNT, "");
    }

    /**
     * @param option the option, for messages
     * @param text the value as typed
     * @param min the smallest value allowed
     * @param max the largest value allowed, at most {@link #MAX_COUNT}
     * @param why why {@code max} is the bound, appended to the message, e.g. {@code ": the key groups"}; or empty
     * @return the count
     */
    static long count(final String option, final String text, final long min, final long max, final String why) {
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
        final String whole = matcher.group(1).replaceFirst("^0+(?=.)", "");
        // more digits than MAX_COUNT has cannot be within the bound, whatever the suffix; the product of 13 digits and a
        // million may still overflow
        final long value = whole.length() > 13 || Long.parseLong(whole) > Long.MAX_VALUE / scale ? Long.MAX_VALUE
                : Long.parseLong(whole) * scale + (fraction.isEmpty() ? 0 : Long.parseLong(fraction) * (scale / fractionScale));
        if (value > max) {
            throw new BenchOptionException(option, "'" + text + "' is too large (at most " + max + why + ")");
        }
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
        return intCount(option, text, min, Integer.MAX_VALUE, "");
    }

    /**
     * @param option the option, for messages
     * @param text the value as typed
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @param why why {@code max} is the bound, appended to the message; or empty
     * @return the count
     */
    static int intCount(final String option, final String text, final int min, final int max, final String why) {
        return (int) count(option, text, min, max, why);
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
     * @param text comma-separated placements of the keyed stage: {@code hop}, {@code inline}
     * @return them, in the order given
     */
    static StagePlacement[] placements(final String text) {
        final List<StagePlacement> placements = new ArrayList<>();
        for (final String part : text.split(",", -1)) {
            final StagePlacement placement;
            try {
                placement = WeirSystem.placementOf(part.trim());
            } catch (final IllegalArgumentException e) {
                throw new BenchOptionException("--placement", "'" + part + "' is not a placement (hop or inline)");
            }
            if (placements.contains(placement)) {
                throw new BenchOptionException("--placement", "the placement " + part.trim() + " is given twice");
            }
            placements.add(placement);
        }
        return placements.toArray(new StagePlacement[0]);
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

    /**
     * @param option the option's name, for the message
     * @param text a fraction as typed: a decimal number from 0 to 1, such as 0.8 or 1
     * @return the fraction
     * @throws BenchOptionException if it is not a number within 0..1
     */
    static double fraction(final String option, final String text) {
        final double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (final NumberFormatException e) {
            throw new BenchOptionException(option, "'" + text + "' is not a number (e.g. 0.8)");
        }
        if (!(value >= 0 && value <= 1)) {
            throw new BenchOptionException(option, "must be within 0 and 1, got " + text);
        }
        return value;
    }
}
