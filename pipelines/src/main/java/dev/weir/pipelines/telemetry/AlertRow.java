package dev.weir.pipelines.telemetry;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowWriter;

/**
 * A row of {@code statsd-alerts}: a window whose p99 exceeds its series' threshold,
 * {@code host,metric,window_start,p99,p99_threshold}, numbers written as {@code statsd-percentiles} writes them
 * (shortest decimal, no exponent).
 *
 * @param series the host and metric
 * @param windowStart the window's start, epoch milliseconds
 * @param p99 the window's p99 by nearest rank
 * @param threshold the series' threshold, which the p99 exceeds
 */
public record AlertRow(Series series, long windowStart, double p99, double threshold) implements ResultRow {
    @Override
    public void writeTo(final RowWriter row) {
        row.text(series.host().address()).text(series.name()).number(windowStart).decimal(p99).decimal(threshold);
    }
}
