package dev.weir.pipelines.telemetry;

import dev.weir.api.DataStream;
import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowSchema;

/**
 * {@code statsd-percentiles}: per host and metric, 10-second tumbling event-time windows over the values of timers
 * ({@code ms}), histograms ({@code h}) and distributions ({@code d}), one row per window with values:
 * {@code host,metric,window_start,count,p50,p99,max}. Percentiles are exact, by nearest rank
 * ({@link SampleValues#nearestRank}); sample rates do not weigh values. Counters, gauges and sets are ignored.
 * Stateless and thread-safe; each run gets its own decoder.
 */
public final class StatsdPercentilesJob extends ReferencePipeline<MetricSample> {
    /** A job with its name, description and columns. */
    public StatsdPercentilesJob() {
        super("statsd-percentiles", "per host and metric, 10 s windows of ms/h/d values: count, p50, p99, max",
                RowSchema.of("host", "metric", "window_start", "count", "p50", "p99", "max"), StatsdDecoder::new);
    }

    /** @return 30: its place in the help's list */
    @Override
    public int order() {
        return 30;
    }

    @Override
    public DataStream<PercentileRow> results(final DataStream<MetricSample> events, final ReplayContext context) {
        return SeriesWindows.rows(events, StatsdPercentilesJob::hasDistribution, new PercentileAggregate(), PercentileRow::new, context);
    }

    /** @return true for a timer, histogram or distribution sample */
    static boolean hasDistribution(final MetricSample sample) {
        final MetricType type = sample.type();
        return type == MetricType.TIMER || type == MetricType.HISTOGRAM || type == MetricType.DISTRIBUTION;
    }
}
