package dev.weir.pipelines.tca;

/**
 * A stock's top of book from the message at {@code timestampNanos} on: its best bid and best ask, {@link #NO_PRICE}
 * for a side without orders. {@link TopOfBook} emits one whenever either changes. Prices in 1/10,000 dollar.
 * Immutable and thread-safe.
 *
 * @param symbol the stock without padding
 * @param timestampNanos the ITCH timestamp of the message that changed it, nanoseconds since midnight
 * @param bid the best bid, or {@link #NO_PRICE}
 * @param ask the best ask, or {@link #NO_PRICE}
 */
public record Quote(String symbol, long timestampNanos, long bid, long ask) implements BookPrint {
    /** The price of a side without orders (ITCH order prices are at least 1). */
    public static final long NO_PRICE = 0;

    /** The book before any order: both sides empty. */
    static final Quote EMPTY = new Quote("", Long.MIN_VALUE, NO_PRICE, NO_PRICE);

    @Override
    public String toString() {
        return symbol + "@" + timestampNanos + " " + bid + "/" + ask;
    }
}
