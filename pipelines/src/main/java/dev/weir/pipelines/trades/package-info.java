/**
 * Trades out of NASDAQ TotalView-ITCH 5.0 and the replay pipelines over them: the decoder that keeps the open
 * orders and prints trades ({@link dev.weir.pipelines.trades.ItchTradeDecoder}, {@link
 * dev.weir.pipelines.trades.OpenOrders}), the pooled event ({@link dev.weir.pipelines.trades.TradePrint}) with
 * its interned key ({@link dev.weir.pipelines.trades.SymbolKey}), and the {@code ohlcv} and {@code vwap} jobs.
 * The user's guide is {@code docs/trades.md}.
 */
package dev.weir.pipelines.trades;
