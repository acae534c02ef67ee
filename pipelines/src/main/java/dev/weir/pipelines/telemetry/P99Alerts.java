package dev.weir.pipelines.telemetry;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Checks the percentile windows, keyed by series, against the threshold table that comes as broadcast state
 * ({@link #THRESHOLDS}, one {@link ThresholdLine} a series, then its end): emits an {@link AlertRow} when a window's
 * p99 is strictly greater than its series' threshold; a series without a threshold never alerts. A window that
 * arrives before the table is complete waits in keyed state ({@link #WAITING}); at the table's end the waiting
 * windows of every key are checked, by window start, host and metric, so that the rows do not depend on how the
 * table and the windows interleaved. Holds only constants, so it can be shipped; not thread-safe, one per task.
 */
final class P99Alerts implements KeyedBroadcastProcessFunction<Series, PercentileRow, ThresholdLine, AlertRow>, Serializable {
    /** The threshold table: each series' p99 threshold. */
    static final MapStateDescriptor<SeriesName, Double> THRESHOLDS = new MapStateDescriptor<>("p99-thresholds", SeriesName.class,
            Double.class);
    /** Whether the table is complete: {@link #COMPLETE} maps to its number of series once its end came. */
    static final MapStateDescriptor<String, Integer> TABLE = new MapStateDescriptor<>("p99-table", String.class, Integer.class);
    /** The windows of a series that came before the table was complete. */
    static final ListStateDescriptor<PercentileRow> WAITING = new ListStateDescriptor<>("windows-before-the-table");

    private static final long serialVersionUID = 1L;
    private static final String COMPLETE = "complete";
    private static final Comparator<PercentileRow> FLUSH_ORDER = Comparator.comparingLong(PercentileRow::windowStart)
            .thenComparing(window -> window.series().host().address()).thenComparing(window -> window.series().name());

    @Override
    public void processElement(final PercentileRow window, final ReadOnlyContext<Series> ctx, final Collector<AlertRow> out) {
        if (!ctx.getBroadcastState(TABLE).contains(COMPLETE)) {
            ctx.state(WAITING).add(window);
            return;
        }
        check(window, ctx.getBroadcastState(THRESHOLDS), out);
    }

    @Override
    public void processBroadcastElement(final ThresholdLine line, final Context<Series> ctx, final Collector<AlertRow> out) {
        if (!line.isEndOfTable()) {
            ctx.getBroadcastState(THRESHOLDS).put(new SeriesName(line.host(), line.metric()), line.threshold());
            return;
        }
        ctx.getBroadcastState(TABLE).put(COMPLETE, ctx.getBroadcastState(THRESHOLDS).size());
        final List<PercentileRow> waiting = new ArrayList<>();
        ctx.applyToKeyedState(WAITING, (series, state) -> {
            final List<PercentileRow> windows = state.get();
            if (windows != null) {
                waiting.addAll(windows);
            }
            state.clear();
        });
        waiting.sort(FLUSH_ORDER);
        for (final PercentileRow window : waiting) {
            check(window, ctx.getBroadcastState(THRESHOLDS), out);
        }
    }

    private static void check(final PercentileRow window, final ReadOnlyBroadcastState<SeriesName, Double> thresholds,
            final Collector<AlertRow> out) {
        final Double threshold = thresholds.get(SeriesName.of(window.series()));
        final double p99 = window.percentiles().p99();
        if (threshold != null && p99 > threshold) {
            out.collect(new AlertRow(window.series(), window.windowStart(), p99, threshold));
        }
    }
}
