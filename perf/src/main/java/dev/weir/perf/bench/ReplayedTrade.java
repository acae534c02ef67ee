package dev.weir.perf.bench;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.pipelines.trades.SymbolKey;
import dev.weir.pipelines.trades.TradePrint;

/**
 * The event of the {@code ohlcv} pipeline: one trade of a decoded ITCH capture, as the {@code ohlcv} replay job reads
 * it ({@link TradePrint}), and the time the load intended to send it. Mutable and pooled: {@link ReplayedTrades}
 * refills it in place, so sending allocates nothing; whoever receives one reads it and keeps no reference past the
 * call. Not thread-safe.
 */
public final class ReplayedTrade {
    private final TradePrint trade = new TradePrint();
    private long intendedNanos;

    /**
     * Refills this event.
     *
     * @param symbol the stock's interned key
     * @param price the price in 1/10,000 dollar
     * @param shares the shares traded
     * @param timestampNanos the trade's time, nanoseconds since midnight of the capture's day
     * @param message the message type that printed the trade
     * @param newIntendedNanos when the load intended to send it, in nanoseconds on the harness's clock
     * @return this event
     */
    ReplayedTrade refill(final SymbolKey symbol, final long price, final long shares, final long timestampNanos,
            final ItchMessageType message, final long newIntendedNanos) {
        trade.set(symbol, price, shares, timestampNanos, message);
        this.intendedNanos = newIntendedNanos;
        return this;
    }

    /** @return the trade, refilled with this event */
    public TradePrint trade() {
        return trade;
    }

    /** @return the intended send time in nanoseconds */
    public long intendedNanos() {
        return intendedNanos;
    }

    @Override
    public String toString() {
        return "ReplayedTrade{" + trade + '}';
    }
}
