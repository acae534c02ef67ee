package dev.weir.pipelines.telemetry;

import dev.weir.api.BroadcastStream;
import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.operator.KeySelector;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.plan.TwoInputFunction;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code statsd-alerts}: the p99 windows of {@code statsd-percentiles} (per host and metric, 10-second tumbling
 * event-time windows over timer, histogram and distribution values, p99 by nearest rank), each checked against a
 * threshold table ({@link AlertThresholds}); a row {@code host,metric,window_start,p99,p99_threshold} for each window
 * whose p99 exceeds its series' threshold. The table is a second source, its lines and then its end
 * ({@link ThresholdLine}), broadcast to the check ({@link P99Alerts}) as broadcast state: the windows, keyed by
 * series, are connected with it and checked by a keyed broadcast process function. Windows that come before the
 * table is complete wait for it. Immutable and thread-safe; each run gets its own decoder.
 */
public final class StatsdAlertsJob extends ReferencePipeline<MetricSample> {
    /** The name {@code --pipeline} selects it by. */
    public static final String NAME = "statsd-alerts";

    private final AlertThresholds thresholds;

    /** @param thresholds the p99 thresholds by host and metric */
    public StatsdAlertsJob(final AlertThresholds thresholds) {
        super(NAME, "per host and metric, 10 s windows of ms/h/d values whose p99 exceeds the threshold file's",
                RowSchema.of("host", "metric", "window_start", "p99", "p99_threshold"), StatsdDecoder::new);
        this.thresholds = thresholds;
    }

    @Override
    public DataStream<AlertRow> results(final StreamPipeline pipeline, final DataStream<MetricSample> events, final ReplayContext context) {
        final List<ThresholdLine> table = new ArrayList<>(thresholds.lines());
        table.add(ThresholdLine.endOfTable());
        final DataStream<PercentileRow> windows = SeriesWindows.rows(events, StatsdPercentilesJob::hasDistribution, new PercentileAggregate(),
                PercentileRow::new, context);
        return alerts(windows, pipeline.from("thresholds", CollectionSource.of(table), WatermarkStrategy.noWatermarks(), 1));
    }

    /**
     * Refused: the table is a second source, which needs the pipeline ({@link #results(StreamPipeline, DataStream, ReplayContext)}).
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public DataStream<AlertRow> results(final DataStream<MetricSample> events, final ReplayContext context) {
        throw new UnsupportedOperationException(NAME + " reads its threshold table as a second source of the pipeline:"
                + " build it with results(pipeline, events, context)");
    }

    /**
     * The check: the windows keyed by series, connected with the table broadcast, through {@link P99Alerts}.
     *
     * @param windows the percentile windows
     * @param table the threshold lines, then {@link ThresholdLine#endOfTable()}
     * @return a row for each window over its series' threshold
     */
    public static DataStream<AlertRow> alerts(final DataStream<PercentileRow> windows, final DataStream<ThresholdLine> table) {
        final BroadcastStream<ThresholdLine> broadcast = table.broadcast(P99Alerts.THRESHOLDS, P99Alerts.TABLE);
        final KeySelector<PercentileRow, Series> bySeries = (KeySelector<PercentileRow, Series> & Serializable) PercentileRow::series;
        return windows.keyBy(bySeries).connect(broadcast).transform("p99-alerts", TwoInputFunction.keyedBroadcastProcess(bySeries,
                new P99Alerts(), List.of(P99Alerts.THRESHOLDS, P99Alerts.TABLE)).factory());
    }
}
