package dev.weir.pipelines.telemetry;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowWriter;
import java.math.BigDecimal;

/**
 * A row of {@code statsd-counters}: {@code host,metric,window_start,sum}.
 *
 * @param series the host and metric
 * @param windowStart the window's start, epoch milliseconds
 * @param sum the counters' values divided by their sample rates, added up (printed in full beyond the double range)
 */
public record CounterRow(Series series, long windowStart, BigDecimal sum) implements ResultRow {
    @Override
    public void writeTo(final RowWriter row) {
        row.text(series.host().address()).text(series.name()).number(windowStart).decimal(sum);
    }
}
