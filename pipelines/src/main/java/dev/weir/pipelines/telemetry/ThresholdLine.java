package dev.weir.pipelines.telemetry;

import java.io.Serializable;

/**
 * One record of the threshold stream of {@code statsd-alerts}: a series' p99 threshold, or the end of the table
 * ({@link #endOfTable()}), after which every series without a line has none. Immutable and thread-safe.
 *
 * @param host the host's address; null for the end of the table
 * @param metric the metric name; null for the end of the table
 * @param threshold the p99 threshold, finite and at least 0; NaN for the end of the table
 */
public record ThresholdLine(String host, String metric, double threshold) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** @return the record that says the table is complete */
    public static ThresholdLine endOfTable() {
        return new ThresholdLine(null, null, Double.NaN);
    }

    /** @return whether this is the end of the table, not a series' line */
    public boolean isEndOfTable() {
        return host == null;
    }
}
