package dev.weir.pipelines.telemetry;

import dev.weir.api.DataStream;
import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowSchema;

/**
 * {@code statsd-counters}: per host and metric, 10-second tumbling event-time windows over counters ({@code c}),
 * one row per window with counters: {@code host,metric,window_start,sum}, the sum of each value divided by its
 * sample rate ({@code x:3|c|@0.5} adds 6). Other types are ignored. Stateless and thread-safe; each run gets its
 * own decoder.
 */
public final class StatsdCountersJob extends ReferencePipeline<MetricSample> {
    /** A job with its name, description and columns. */
    public StatsdCountersJob() {
        super("statsd-counters", "per host and metric, 10 s sums of counters, each value divided by its sample rate",
                RowSchema.of("host", "metric", "window_start", "sum"), StatsdDecoder::new);
    }

    /** @return 40: its place in the help's list */
    @Override
    public int order() {
        return 40;
    }

    @Override
    public DataStream<CounterRow> results(final DataStream<MetricSample> events, final ReplayContext context) {
        return SeriesWindows.rows(events, sample -> sample.type() == MetricType.COUNTER, new CounterAggregate(), CounterRow::new, context);
    }
}
