package dev.weir.pipelines.telemetry;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowWriter;

/**
 * A row of {@code statsd-percentiles}: {@code host,metric,window_start,count,p50,p99,max}.
 *
 * @param series the host and metric
 * @param windowStart the window's start, epoch milliseconds
 * @param percentiles the window's summary
 */
public record PercentileRow(Series series, long windowStart, Percentiles percentiles) implements ResultRow {
    @Override
    public void writeTo(final RowWriter row) {
        row.text(series.host().address()).text(series.name()).number(windowStart).number(percentiles.count())
                .decimal(percentiles.p50()).decimal(percentiles.p99()).decimal(percentiles.max());
    }
}
