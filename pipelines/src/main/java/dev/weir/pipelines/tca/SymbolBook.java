package dev.weir.pipelines.tca;

import org.agrona.collections.Long2LongHashMap;

/**
 * What {@link TopOfBook} keeps per stock: its open orders (reference to price, shares and side: the price's sign is
 * the side, positive for a bid, negative for an ask), both sides by level ({@link BookSide}) and the top last emitted.
 * Primitive open-addressing maps: the orders' churn allocates nothing once the maps have grown. Mutable, with no final
 * fields, so that keyed state reads it back into the same object. Not thread-safe: state of one task.
 */
final class SymbolBook {
    private static final long NONE = Long.MIN_VALUE;

    private Long2LongHashMap signedPrices = new Long2LongHashMap(NONE);
    private Long2LongHashMap openShares = new Long2LongHashMap(NONE);
    private BookSide bids = new BookSide();
    private BookSide asks = new BookSide();
    private long lastBid = Quote.NO_PRICE;
    private long lastAsk = Quote.NO_PRICE;

    void add(final long reference, final boolean bid, final long price, final long shares) {
        if (signedPrices.containsKey(reference)) {
            remove(reference); // a reference is unique within a day; a repeat replaces the order
        }
        signedPrices.put(reference, bid ? price : -price);
        openShares.put(reference, shares);
        (bid ? bids : asks).add(price, shares);
    }

    /** @return the order's price, or 0 for an order not on the book */
    long priceOf(final long reference) {
        final long signed = signedPrices.get(reference);
        return signed == NONE ? 0 : Math.abs(signed);
    }

    /** Takes shares off an order (an execution or a cancel); the order goes at 0. */
    void reduce(final long reference, final long shares) {
        final long signed = signedPrices.get(reference);
        if (signed == NONE) {
            return;
        }
        final long open = openShares.get(reference);
        final long taken = Math.min(open, shares);
        (signed > 0 ? bids : asks).take(Math.abs(signed), taken);
        if (open - taken == 0) {
            signedPrices.remove(reference);
            openShares.remove(reference);
        } else {
            openShares.put(reference, open - taken);
        }
    }

    /** Takes an order off the book. */
    void remove(final long reference) {
        final long signed = signedPrices.get(reference);
        if (signed != NONE) {
            reduce(reference, openShares.get(reference));
        }
    }

    /** Replaces an order by a new one on its side; nothing for an order not on the book. */
    void replace(final long original, final long replacement, final long price, final long shares) {
        final long signed = signedPrices.get(original);
        if (signed == NONE) {
            return;
        }
        remove(original);
        add(replacement, signed > 0, price, shares);
    }

    /** @return true if the best bid or best ask differs from the top last taken by {@link #takeTop()} */
    boolean topChanged() {
        return bids.highest() != lastBid || asks.lowest() != lastAsk;
    }

    /** Takes the current top as the last emitted one. */
    void takeTop() {
        lastBid = bids.highest();
        lastAsk = asks.lowest();
    }

    long bestBid() {
        return bids.highest();
    }

    long bestAsk() {
        return asks.lowest();
    }
}
