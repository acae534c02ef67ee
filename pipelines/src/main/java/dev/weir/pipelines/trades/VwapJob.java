package dev.weir.pipelines.trades;

import dev.weir.api.DataStream;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.window.SlidingEventTimeWindows;

/**
 * The {@code vwap} replay pipeline: per symbol, 5-minute event-time windows sliding every minute over the ITCH
 * trades ({@link ItchTradeDecoder}), one row per window with trades: {@code symbol,window_start,window_end,vwap,
 * volume}, the VWAP being sum(price × shares) / sum(shares) rounded half up to 4 decimals ({@link VwapSums}).
 * Each trade is in 5 windows. Trades too late for all their windows go to a late side output that is only
 * counted ({@link ReplayContext#lateRecord()}). Immutable and thread-safe.
 */
public final class VwapJob extends ReferencePipeline<TradePrint> {
    /** The window length: 5 minutes of event time. */
    public static final long WINDOW_MILLIS = 300_000;
    /** How far apart windows start: 1 minute. */
    public static final long SLIDE_MILLIS = 60_000;

    /** A job with its name, description and columns. */
    public VwapJob() {
        super("vwap", "per-symbol VWAP of ITCH trades over 5 min windows every 1 min",
                RowSchema.of("symbol", "window_start", "window_end", "vwap", "volume"), ItchTradeDecoder::new);
    }

    /** @return 20: its place in the help's list */
    @Override
    public int order() {
        return 20;
    }

    @Override
    public DataStream<VwapRow> results(final DataStream<TradePrint> events, final ReplayContext context) {
        return TradeWindows.perSymbol(events, SlidingEventTimeWindows.of(WINDOW_MILLIS, SLIDE_MILLIS), VwapSums::new,
            (symbol, window, sums) -> new VwapRow(symbol.text(), window.start(), window.end(), sums.vwap(), sums.volume()),
            context, 1);
    }
}
