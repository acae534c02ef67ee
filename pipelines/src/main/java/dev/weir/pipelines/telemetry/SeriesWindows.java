package dev.weir.pipelines.telemetry;

import dev.weir.api.DataStream;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OutputTag;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ResultRow;
import dev.weir.state.AggregateFunction;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;
import java.util.function.Predicate;

/**
 * The shape the per-metric telemetry pipelines share: keep some metric samples, key them by {@link Series}, cut
 * 10-second tumbling event-time windows aligned to the epoch, aggregate each window into an accumulator of the
 * pipeline's own (never the pooled samples) and turn each fired window into a row. A sample that comes after the
 * watermark has passed its window's end is dropped and counted as late ({@link ReplayContext#lateRecord()}). Every
 * function the stages hold is serializable, so that the pipelines also run on Flink ({@code weir replay --engine
 * flink}); the late side output's sink is not shipped.
 */
final class SeriesWindows {
    /** The size of every window, in milliseconds. */
    static final long WINDOW_MILLIS = 10_000;

    private static final OutputTag<MetricSample> LATE = new OutputTag<>("late-samples");

    private SeriesWindows() {
    }

    /**
     * Makes a row from a fired window.
     *
     * @param <V> the aggregate's result
     * @param <R> the row
     */
    @FunctionalInterface
    interface WindowRow<V, R extends ResultRow> extends Serializable {
        /**
         * @param series the window's key
         * @param windowStart the window's start, epoch milliseconds
         * @param result the aggregate's result
         * @return the row
         */
        R row(Series series, long windowStart, V result);
    }

    /** The samples a pipeline's windows take; serializable, so that it can be shipped. */
    @FunctionalInterface
    interface Kept extends Predicate<MetricSample>, Serializable {
    }

    /**
     * @param events the decoded samples
     * @param kept the samples the windows take
     * @param aggregate folds a window's samples
     * @param rows makes each fired window's row
     * @param context counts late samples
     * @param <A> the accumulator
     * @param <V> the aggregate's result
     * @param <R> the row
     * @return the rows, window by window as the watermark passes their ends
     */
    static <A, V, R extends ResultRow> DataStream<R> rows(final DataStream<MetricSample> events, final Kept kept,
            final AggregateFunction<MetricSample, A, V> aggregate, final WindowRow<V, R> rows, final ReplayContext context) {
        final ProcessWindowFunction<V, R, Series, TimeWindow> fired = (ProcessWindowFunction<V, R, Series, TimeWindow> & Serializable)
                (series, window, results, out) ->
                out.collect(rows.row(series, window.window().start(), results.iterator().next()));
        return events.filter(kept)
                .keyBy((KeySelector<MetricSample, Series> & Serializable) MetricSample::series)
                .window(TumblingEventTimeWindows.<MetricSample>of(WINDOW_MILLIS))
                .sideOutputLateData(LATE)
                .aggregate(aggregate, fired)
                .sideOutput(LATE, (sample, timestamp) -> context.lateRecord());
    }
}
