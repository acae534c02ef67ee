package dev.weir.pipelines.telemetry;

import dev.weir.api.DataStream;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowSchema;

/**
 * {@code statsd-alerts}: the p99 windows of {@code statsd-percentiles} (per host and metric, 10-second tumbling
 * event-time windows over timer, histogram and distribution values, p99 by nearest rank), each checked against a
 * threshold table ({@link AlertThresholds}); a row {@code host,metric,window_start,p99,p99_threshold} for each window
 * whose p99 exceeds its series' threshold, in the order the windows fire. Here the table is fixed when the job is made
 * and travels with the check; a table that changes while the pipeline runs comes as a broadcast stream (docs/replay.md).
 * Immutable and thread-safe; each run gets its own decoder.
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
    public DataStream<AlertRow> results(final DataStream<MetricSample> events, final ReplayContext context) {
        return SeriesWindows.rows(events, StatsdPercentilesJob::hasDistribution, new PercentileAggregate(), PercentileRow::new, context)
                .flatMap(new P99Alerts(thresholds));
    }
}
