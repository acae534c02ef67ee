package dev.weir.pipelines.tca;

import java.util.Arrays;

/**
 * One side of a stock's book by price level: the levels with open shares, their prices kept sorted ascending in a
 * primitive array with the shares beside them, so the best bid is the last level and the best ask the first. Adding to
 * a level that exists and taking shares off allocate nothing; a new level shifts the array (the arrays double when
 * full). Mutable, with no final fields, so that keyed state reads it back into the same object. Not thread-safe.
 */
final class BookSide {
    private static final int INITIAL_LEVELS = 16;

    private long[] prices = new long[INITIAL_LEVELS];
    private long[] shares = new long[INITIAL_LEVELS];
    private int levels;

    /**
     * @param price a price in 1/10,000 dollar
     * @param added shares added at it, more than 0
     */
    void add(final long price, final long added) {
        final int found = Arrays.binarySearch(prices, 0, levels, price);
        if (found >= 0) {
            shares[found] += added;
            return;
        }
        final int at = -found - 1;
        if (levels == prices.length) {
            prices = Arrays.copyOf(prices, levels * 2);
            shares = Arrays.copyOf(shares, levels * 2);
        }
        System.arraycopy(prices, at, prices, at + 1, levels - at);
        System.arraycopy(shares, at, shares, at + 1, levels - at);
        prices[at] = price;
        shares[at] = added;
        levels++;
    }

    /**
     * @param price a price with a level
     * @param taken shares taken off it; the level goes at 0
     */
    void take(final long price, final long taken) {
        final int at = Arrays.binarySearch(prices, 0, levels, price);
        if (at < 0) {
            return;
        }
        shares[at] -= taken;
        if (shares[at] <= 0) {
            System.arraycopy(prices, at + 1, prices, at, levels - at - 1);
            System.arraycopy(shares, at + 1, shares, at, levels - at - 1);
            levels--;
        }
    }

    /** @return the highest price with shares, or {@link Quote#NO_PRICE} */
    long highest() {
        return levels == 0 ? Quote.NO_PRICE : prices[levels - 1];
    }

    /** @return the lowest price with shares, or {@link Quote#NO_PRICE} */
    long lowest() {
        return levels == 0 ? Quote.NO_PRICE : prices[0];
    }
}
