package dev.weir.perf;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Command-line options of the form {@code --name=value}; every option has a default, and an
 * unknown or malformed option is a clear error.
 */
public final class BenchmarkOptions {
    private final Map<String, String> values = new HashMap<>();

    private BenchmarkOptions() {
    }

    /**
     * @param args the main method's arguments
     * @param known the option names the benchmark understands
     * @return the parsed options
     * @throws IllegalArgumentException naming the bad argument
     */
    public static BenchmarkOptions parse(final String[] args, final String... known) {
        final BenchmarkOptions options = new BenchmarkOptions();
        for (final String arg : args) {
            final int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 3) {
                throw new IllegalArgumentException("expected --name=value, got '" + arg + "'");
            }
            final String name = arg.substring(2, equals);
            boolean isKnown = false;
            for (final String candidate : known) {
                isKnown |= candidate.equals(name);
            }
            if (!isKnown) {
                throw new IllegalArgumentException("unknown option --" + name + "; known: --" + String.join("=, --", known) + "=");
            }
            options.values.put(name, arg.substring(equals + 1));
        }
        return options;
    }

    /**
     * @param name an option's name
     * @param defaultValue its value when not given
     * @return the option as a long (underscores allowed: 1_000_000)
     */
    public long longValue(final String name, final long defaultValue) {
        final String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.replace("_", ""));
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number, got '" + value + "'", e);
        }
    }

    /**
     * @param name an option's name
     * @param defaultValue its value when not given
     * @return the option as a string
     */
    public String stringValue(final String name, final String defaultValue) {
        return values.getOrDefault(name, defaultValue);
    }

    /**
     * @param name an option's name
     * @param defaultValue its value when not given
     * @param least the smallest value allowed
     * @return the option as a long
     * @throws IllegalArgumentException naming the option, if it is not a whole number or below {@code least}
     */
    public long longAtLeast(final String name, final long defaultValue, final long least) {
        final long value = longValue(name, defaultValue);
        if (value < least) {
            throw new IllegalArgumentException("--" + name + " must be at least " + least + ", got " + value);
        }
        return value;
    }

    /**
     * @param name an option's name
     * @param type the enum its value names a constant of
     * @param defaultValue its value when not given
     * @param <E> the enum
     * @return the constant named
     * @throws IllegalArgumentException naming the option and the constants, if it names none
     */
    public <E extends Enum<E>> E enumValue(final String name, final Class<E> type, final E defaultValue) {
        final String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        for (final E constant : type.getEnumConstants()) {
            if (constant.name().equals(value)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("--" + name + " must be one of " + Arrays.toString(type.getEnumConstants()) + ", got '" + value + "'");
    }

    /**
     * @param name an option's name
     * @param defaultValue its value when not given
     * @return the option as a boolean
     * @throws IllegalArgumentException naming the option, if it is neither {@code true} nor {@code false}
     */
    public boolean booleanValue(final String name, final boolean defaultValue) {
        final String value = values.get(name);
        if (value == null) {
            return defaultValue;
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("--" + name + " must be true or false, got '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    /**
     * @param name an option's name, e.g. a ring's capacity
     * @param defaultValue its value when not given
     * @return the option as an int
     * @throws IllegalArgumentException naming the option, if it is not a power of two from 2 to 2^30
     */
    public int powerOfTwo(final String name, final int defaultValue) {
        final long value = longValue(name, defaultValue);
        if (value < 2 || value > 1 << 30 || Long.bitCount(value) != 1) {
            throw new IllegalArgumentException("--" + name + " must be a power of two from 2 to 1073741824, got " + value);
        }
        return (int) value;
    }
}
