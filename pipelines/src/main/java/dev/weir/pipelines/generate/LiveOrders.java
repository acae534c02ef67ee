package dev.weir.pipelines.generate;

import java.util.SplittableRandom;

/**
 * The orders resting on a generated book, all stocks together, in parallel arrays of a fixed capacity: adding,
 * picking one at random and removing it (the last one takes its slot) are constant-time. Not thread-safe.
 */
final class LiveOrders {
    private final long[] references;
    private final int[] stocks;
    private final byte[] sides;
    private final long[] shares;
    private final long[] prices;
    private int size;

    /** @param capacity the most orders on the book at once */
    LiveOrders(final int capacity) {
        references = new long[capacity];
        stocks = new int[capacity];
        sides = new byte[capacity];
        shares = new long[capacity];
        prices = new long[capacity];
    }

    /** @return the orders on the book */
    int size() {
        return size;
    }

    /** @return whether the book is at its capacity */
    boolean full() {
        return size == references.length;
    }

    /**
     * @return the new order's slot
     * @throws IllegalStateException if the book is {@link #full()}
     */
    int add(final long reference, final int stock, final char side, final long orderShares, final long price) {
        if (full()) {
            throw new IllegalStateException("the book holds its " + references.length + " orders");
        }
        final int slot = size++;
        references[slot] = reference;
        stocks[slot] = stock;
        sides[slot] = (byte) side;
        shares[slot] = orderShares;
        prices[slot] = price;
        return slot;
    }

    /** @return a slot chosen uniformly; the book must not be empty */
    int pick(final SplittableRandom random) {
        return random.nextInt(size);
    }

    /** Takes the order in the slot off the book; the last order moves into the slot. */
    void remove(final int slot) {
        size--;
        references[slot] = references[size];
        stocks[slot] = stocks[size];
        sides[slot] = sides[size];
        shares[slot] = shares[size];
        prices[slot] = prices[size];
    }

    long reference(final int slot) {
        return references[slot];
    }

    int stock(final int slot) {
        return stocks[slot];
    }

    char side(final int slot) {
        return (char) sides[slot];
    }

    long shares(final int slot) {
        return shares[slot];
    }

    long price(final int slot) {
        return prices[slot];
    }

    /** Sets what is left of the order after a partial execution or cancel. */
    void shares(final int slot, final long remaining) {
        shares[slot] = remaining;
    }

    /** The order in the slot replaced: a new reference, shares and price, the same stock and side. */
    void replace(final int slot, final long reference, final long newShares, final long price) {
        references[slot] = reference;
        shares[slot] = newShares;
        prices[slot] = price;
    }
}
