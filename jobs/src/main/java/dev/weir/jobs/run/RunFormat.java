package dev.weir.jobs.run;

import dev.weir.pipelines.replay.OutputFormat;
import java.util.Locale;

/**
 * How {@code weir run} prints its results ({@code --format}, docs/run.md): {@code lines} (the default: {@code FIRE
 * key=K window=[s,e) count=N sum=S}), {@code csv} and {@code jsonl} (the replay formats, one row per result),
 * or {@code fire}, the full canonical lines of {@code weir scenario} with every element's timestamp and the
 * watermark.
 */
public enum RunFormat {
    /** {@code FIRE key=K window=[s,e) count=N sum=S}, {@code LATE key=K ts=T value=V}. */
    LINES(OutputFormat.LINES),
    /** A header line, then one comma-separated row per result. */
    CSV(OutputFormat.CSV),
    /** One JSON object per result. */
    JSONL(OutputFormat.JSONL),
    /** The canonical lines of {@code weir scenario}: {@code ... elements=[t1,t2] wm=W}. */
    FIRE(OutputFormat.LINES);

    private final OutputFormat rows;

    RunFormat(final OutputFormat rows) {
        this.rows = rows;
    }

    /**
     * @param name {@code lines}, {@code csv}, {@code jsonl} or {@code fire}
     * @return the format
     * @throws IllegalArgumentException for any other name, naming the ones there are
     */
    public static RunFormat named(final String name) {
        for (final RunFormat format : values()) {
            if (format.optionName().equals(name)) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown output format '" + name + "' (lines, csv, jsonl or fire)");
    }

    /** @return the name on the command line */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the replay format its rows are printed in */
    OutputFormat rows() {
        return rows;
    }

    /** @return true if the results keep their element timestamps, which only this format prints */
    public boolean needsTimestamps() {
        return this == FIRE;
    }
}
