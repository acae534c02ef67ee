package dev.weir.pipelines.trades;

import dev.weir.codec.itch.ItchMessageType;

/**
 * One printed trade out of an ITCH feed: the stock, the price, the shares and the time, and the message that
 * made it ({@link ItchMessageType#ORDER_EXECUTED E}, {@link ItchMessageType#ORDER_EXECUTED_WITH_PRICE C} or
 * {@link ItchMessageType#TRADE P}). A pooled, mutable event: {@link ItchTradeDecoder} refills instances from an
 * {@code EventPool} in place, so a consumer must copy what it keeps and must not hold the object itself. Not
 * thread-safe; a filled instance is handed to the pipeline's ring, which publishes it safely.
 */
public final class TradePrint {
    private SymbolKey symbol;
    private long price;
    private long shares;
    private long timestampNanos;
    private ItchMessageType message;

    /**
     * Refills this event.
     *
     * @param symbol the stock's interned key
     * @param price the price in 1/10,000 dollar ({@code 1_901_200} is 190.1200)
     * @param shares the shares traded
     * @param timestampNanos the ITCH timestamp: nanoseconds since midnight
     * @param message the message type that printed the trade: E, C or P
     * @return this event
     */
    public TradePrint set(final SymbolKey symbol, final long price, final long shares, final long timestampNanos,
            final ItchMessageType message) {
        this.symbol = symbol;
        this.price = price;
        this.shares = shares;
        this.timestampNanos = timestampNanos;
        this.message = message;
        return this;
    }

    /** @return the stock's interned key */
    public SymbolKey symbol() {
        return symbol;
    }

    /** @return the price in 1/10,000 dollar */
    public long price() {
        return price;
    }

    /** @return the shares traded */
    public long shares() {
        return shares;
    }

    /** @return the ITCH timestamp in nanoseconds since midnight */
    public long timestampNanos() {
        return timestampNanos;
    }

    /** @return the event time: milliseconds since midnight, rounded down */
    public long eventTimeMillis() {
        return eventTimeMillis(timestampNanos);
    }

    /**
     * @param timestampNanos an ITCH timestamp, nanoseconds since midnight
     * @return the event time the trade windows use: milliseconds since midnight, rounded down
     */
    public static long eventTimeMillis(final long timestampNanos) {
        return timestampNanos / 1_000_000L;
    }

    /** @return the message type that printed the trade: E, C or P */
    public ItchMessageType message() {
        return message;
    }

    @Override
    public String toString() {
        return message.code() + " " + symbol + " " + shares + "@" + price + " t=" + timestampNanos;
    }
}
