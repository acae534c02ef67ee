package dev.weir.tools.cli;

import java.math.BigInteger;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Reads the whole-number options of every command ({@code int} and {@code long}): a value beyond the type is
 * {@code too large} or {@code too small}, naming the bound, rather than "not a number"; anything but digits with an
 * optional sign is {@code not a whole number}. Each option checks its own, narrower range after this.
 */
public final class WholeNumberConverter implements CommandLine.ITypeConverter<Long> {
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");

    private final long min;
    private final long max;

    private WholeNumberConverter(final long min, final long max) {
        this.min = min;
        this.max = max;
    }

    /** Registers the converters of {@code int}, {@code Integer}, {@code long} and {@code Long} on a command and its subcommands. */
    public static void registerOn(final CommandLine commandLine) {
        final WholeNumberConverter ints = new WholeNumberConverter(Integer.MIN_VALUE, Integer.MAX_VALUE);
        final WholeNumberConverter longs = new WholeNumberConverter(Long.MIN_VALUE, Long.MAX_VALUE);
        commandLine.registerConverter(Integer.class, text -> (int) (long) ints.convert(text));
        commandLine.registerConverter(Integer.TYPE, text -> (int) (long) ints.convert(text));
        commandLine.registerConverter(Long.class, longs);
        commandLine.registerConverter(Long.TYPE, longs);
    }

    @Override
    public Long convert(final String text) {
        final String value = text.trim();
        if (!WHOLE.matcher(value).matches()) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a whole number");
        }
        final BigInteger number = new BigInteger(value);
        if (number.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new CommandLine.TypeConversionException("'" + text + "' is too large (at most " + max + ")");
        }
        if (number.compareTo(BigInteger.valueOf(min)) < 0) {
            throw new CommandLine.TypeConversionException("'" + text + "' is too small (at least " + min + ")");
        }
        return number.longValue();
    }
}
