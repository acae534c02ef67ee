package dev.weir.pipelines.trades;

/**
 * The accumulator of one symbol's bar in one window: open and close (the first and the last trade in message
 * order, with their event times for merging), high, low, volume (shares) and the number of trades. Prices in
 * 1/10,000 dollar. Plain mutable long fields, so a state backend can write it and read it back into the same
 * object. Not thread-safe: the window operator's task owns it.
 */
public final class OhlcvBar implements TradeAccumulator<OhlcvBar> {
    private long open;
    private long high;
    private long low;
    private long close;
    private long volume;
    private long trades;
    private long openMillis;
    private long closeMillis;

    @Override
    public OhlcvBar add(final TradePrint trade) {
        return add(trade.price(), trade.shares(), trade.eventTimeMillis());
    }

    /**
     * Adds a trade after those already in the bar.
     *
     * @param price the trade's price in 1/10,000 dollar
     * @param shares the shares traded
     * @param eventTimeMillis the trade's event time
     * @return this bar
     */
    public OhlcvBar add(final long price, final long shares, final long eventTimeMillis) {
        if (trades == 0) {
            open = price;
            high = price;
            low = price;
            openMillis = eventTimeMillis;
        } else {
            high = Math.max(high, price);
            low = Math.min(low, price);
        }
        close = price;
        closeMillis = eventTimeMillis;
        volume += shares;
        trades++;
        return this;
    }

    /**
     * Adds another bar's trades. The open is the one of the bar whose first trade is earlier in event time, the
     * close the one of the bar whose last trade is later; on a tie, this bar's trades count as the earlier.
     *
     * @param other another bar of the same symbol
     * @return this bar
     */
    @Override
    public OhlcvBar merge(final OhlcvBar other) {
        if (other.trades == 0) {
            return this;
        }
        if (trades == 0 || other.openMillis < openMillis) {
            open = other.open;
            openMillis = other.openMillis;
        }
        if (trades == 0 || other.closeMillis >= closeMillis) {
            close = other.close;
            closeMillis = other.closeMillis;
        }
        high = trades == 0 ? other.high : Math.max(high, other.high);
        low = trades == 0 ? other.low : Math.min(low, other.low);
        volume += other.volume;
        trades += other.trades;
        return this;
    }

    /** @return the first trade's price */
    public long open() {
        return open;
    }

    /** @return the highest price */
    public long high() {
        return high;
    }

    /** @return the lowest price */
    public long low() {
        return low;
    }

    /** @return the last trade's price */
    public long close() {
        return close;
    }

    /** @return the shares traded */
    public long volume() {
        return volume;
    }

    /** @return the number of trades */
    public long trades() {
        return trades;
    }
}
