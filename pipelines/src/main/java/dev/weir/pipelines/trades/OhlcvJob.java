package dev.weir.pipelines.trades;

import dev.weir.api.DataStream;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.window.TumblingEventTimeWindows;

/**
 * The {@code ohlcv} replay pipeline: per symbol, 1-second tumbling event-time windows of the ITCH trades
 * ({@link ItchTradeDecoder}), one row per window with trades: {@code symbol,window_start,open,high,low,close,
 * volume,trades}. Open and close are the window's first and last trade in message order. Trades later than the
 * watermark allows for their window go to a late side output that is only counted
 * ({@link ReplayContext#lateRecord()}). Immutable and thread-safe.
 */
public final class OhlcvJob implements ReplayJob<TradePrint> {
    /** The bar length: 1 second of event time. */
    public static final long WINDOW_MILLIS = 1_000;
    private static final RowSchema SCHEMA = RowSchema.of("symbol", "window_start", "open", "high", "low", "close", "volume", "trades");

    @Override
    public String name() {
        return "ohlcv";
    }

    @Override
    public String description() {
        return "per-symbol 1 s bars of ITCH trades: open, high, low, close, volume, trades";
    }

    @Override
    public RowSchema schema() {
        return SCHEMA;
    }

    @Override
    public PayloadDecoder<TradePrint> decoder(final ReplayContext context) {
        return new ItchTradeDecoder(context);
    }

    @Override
    public DataStream<OhlcvRow> results(final DataStream<TradePrint> events, final ReplayContext context) {
        return TradeWindows.perSymbol(events, TumblingEventTimeWindows.of(WINDOW_MILLIS), OhlcvBar::new,
            (symbol, window, bar) -> OhlcvRow.of(symbol.text(), window.start(), bar), context);
    }
}
