package dev.weir.pipelines.replay;

import java.util.Locale;

/**
 * How a replay writes its rows: {@code csv} (a header line, then one line per row, comma-separated, RFC 4180
 * quoting where a text needs it), {@code jsonl} (one JSON object per row, fields named by the columns) or
 * {@code lines} ({@code column=value} pairs separated by spaces, for reading by eye).
 */
public enum OutputFormat {
    /** A header line, then comma-separated values. */
    CSV,
    /** One JSON object per line. */
    JSONL,
    /** {@code name=value} pairs separated by spaces. */
    LINES;

    /**
     * @param name {@code csv}, {@code jsonl} or {@code lines}, in lower case as every option value of the command line
     * @return the format
     * @throws IllegalArgumentException for any other name, naming the ones there are
     */
    public static OutputFormat named(final String name) {
        for (final OutputFormat format : values()) {
            if (format.optionName().equals(name)) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown output format '" + name + "' (csv, jsonl or lines)");
    }

    /** @return the name on the command line */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
