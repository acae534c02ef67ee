package dev.weir.perf;

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
}
