package dev.weir.pipelines.trades;

import dev.weir.api.DataStream;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.window.TumblingEventTimeWindows;

/**
 * The {@code ohlcv} replay pipeline: per symbol, 1-second tumbling event-time windows of the ITCH trades
 * ({@link ItchTradeDecoder}), one row per window with trades: {@code symbol,window_start,open,high,low,close,
 * volume,trades}. Open and close are the window's first and last trade in message order. Trades later than the
 * watermark allows for their window go to a late side output that is only counted
 * ({@link ReplayContext#lateRecord()}). Immutable and thread-safe.
 */
public final class OhlcvJob extends ReferencePipeline<TradePrint> {
    /** The bar length: 1 second of event time. */
    public static final long WINDOW_MILLIS = 1_000;

    /** A job with its name, description and columns. */
    public OhlcvJob() {
        super("ohlcv", "per-symbol 1 s bars of ITCH trades: open, high, low, close, volume, trades",
                RowSchema.of("symbol", "window_start", "open", "high", "low", "close", "volume", "trades"), ItchTradeDecoder::new);
    }

    /** @return 10: its place in the help's list */
    @Override
    public int order() {
        return 10;
    }

    @Override
    public DataStream<OhlcvRow> results(final DataStream<TradePrint> events, final ReplayContext context) {
        return results(events, context, 1);
    }

    /**
     * The pipeline with its keyed stage (the windows per symbol) at {@code parallelism} instances, for a caller that
     * feeds it trades from its own source, e.g. {@code weir bench ohlcv --parallelism N}.
     *
     * @param events the trades, with event times and watermarks
     * @param context counts the late trades
     * @param parallelism instances of the keyed stage, at least 1
     * @return the rows, as windows fire
     */
    public DataStream<OhlcvRow> results(final DataStream<TradePrint> events, final ReplayContext context, final int parallelism) {
        return TradeWindows.perSymbol(events, TumblingEventTimeWindows.of(WINDOW_MILLIS), OhlcvBar::new,
            (symbol, window, bar) -> OhlcvRow.of(symbol.text(), window.start(), bar), context, parallelism);
    }
}
