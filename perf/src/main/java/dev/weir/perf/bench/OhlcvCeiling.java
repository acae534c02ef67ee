package dev.weir.perf.bench;

import dev.weir.perf.BarSink;
import dev.weir.perf.OpenBars;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.trades.OhlcvJob;
import dev.weir.pipelines.trades.TradePrint;
import java.util.List;

/**
 * The ceiling of {@code ohlcv}: the replay benchmark's own bar loop ({@link OpenBars}, shared with
 * {@code ReplayBaseline}) on the sending thread: bars per window and symbol in a primitive map, closed by a watermark
 * of the replay's bounded out-of-orderness that follows every trade. A bar the watermark closes arrives as it is
 * emitted, attributed to the trade that moved the watermark; what is open at the end is fired by the end of input and
 * counted as unattributed, as on an engine. No threads, no rings, no timers, no allocation per trade once the maps
 * have grown. Runs on the harness's thread only.
 */
final class OhlcvCeiling implements BenchmarkedPipeline<ReplayedTrade>, BarSink {
    private final Arrivals arrivals;
    private final BarSink results;
    private final OpenBars bars = new OpenBars(ReplayOptions.DEFAULT_OUT_OF_ORDERNESS_MILLIS);
    private long firingIntendedNanos;
    private boolean ended;

    /**
     * @param arrivals where results are reported
     * @param results also receives every bar (the benchmark passes one that does nothing)
     */
    OhlcvCeiling(final Arrivals arrivals, final BarSink results) {
        this.arrivals = arrivals;
        this.results = results;
    }

    @Override
    public void start() {
        // no threads to start
    }

    @Override
    public void send(final ReplayedTrade event) {
        firingIntendedNanos = event.intendedNanos();
        final TradePrint trade = event.trade();
        bars.trade(trade.symbol().symbol(), trade.eventTimeMillis(), trade.price(), trade.shares(), this);
    }

    @Override
    public void finish() {
        ended = true;
        bars.endOfInput(this);
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }

    @Override
    public void bar(final long symbol, final long windowStartMillis, final long open, final long high, final long low, final long close,
            final long volume, final long trades) {
        results.bar(symbol, windowStartMillis, open, high, low, close, volume, trades);
        if (ended) {
            // nothing logged a watermark on this arrivals: the result counts as unattributed, as one fired by end of input
            arrivals.recordWindowResult(windowStartMillis + OhlcvJob.WINDOW_MILLIS - 1);
        } else {
            arrivals.record(firingIntendedNanos);
        }
    }
}
