package dev.weir.pipelines.telemetry;

import java.io.Serializable;

/**
 * A series by its host's address and metric name: the key of the threshold table in broadcast state.
 * Immutable and thread-safe.
 *
 * @param host the host's address
 * @param metric the metric name
 */
record SeriesName(String host, String metric) implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * @param series a series
     * @return its name
     */
    static SeriesName of(final Series series) {
        return new SeriesName(series.host().address(), series.name());
    }
}
