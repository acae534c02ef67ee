package dev.weir.jmh;

/** A trade of one symbol at one price: the record of the window operator benchmark. Immutable. */
final class Tick {
    private final String symbol;
    private final long price;

    /**
     * @param symbol the key
     * @param price in ticks of the currency
     */
    Tick(final String symbol, final long price) {
        this.symbol = symbol;
        this.price = price;
    }

    /** @return the key */
    String symbol() {
        return symbol;
    }

    /** @return the price in ticks */
    long price() {
        return price;
    }
}
