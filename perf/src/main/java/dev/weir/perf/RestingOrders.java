package dev.weir.perf;

import java.util.Arrays;
import org.agrona.collections.Long2LongHashMap;

/**
 * The orders resting on the book, for {@link ReplayBaseline}: by order reference, each order's stock, price and
 * remaining shares in parallel arrays of slots, found through an Agrona {@link Long2LongHashMap}. Freed slots
 * are reused, so once the table has grown to the day's peak of open orders, adding, reducing and removing
 * orders allocates nothing. Not thread-safe.
 */
final class RestingOrders {
    private static final long ABSENT = -1;

    private final Long2LongHashMap slots;
    private long[] stocks;
    private long[] prices;
    private long[] shares;
    private int[] free;
    private int freeCount;
    private int used;

    /** @param capacity orders held before the table first grows */
    RestingOrders(final int capacity) {
        this.slots = new Long2LongHashMap(capacity * 2, 0.65f, ABSENT);
        this.stocks = new long[capacity];
        this.prices = new long[capacity];
        this.shares = new long[capacity];
        this.free = new int[capacity];
    }

    /**
     * Puts an order on the book (replacing one of the same reference, which a well-formed feed never sends).
     *
     * @param reference the order reference
     * @param stock the stock, in Alpha form
     * @param price 1/10,000 dollar
     * @param quantity shares displayed
     */
    void add(final long reference, final long stock, final long price, final long quantity) {
        int slot = find(reference);
        if (slot < 0) {
            slot = freeCount > 0 ? free[--freeCount] : newSlot();
            slots.put(reference, slot);
        }
        stocks[slot] = stock;
        prices[slot] = price;
        shares[slot] = quantity;
    }

    /** @param reference an order reference @return its slot, or -1 if no such order is on the book */
    int find(final long reference) {
        return (int) slots.get(reference);
    }

    /** @param slot a slot {@link #find} returned @return the order's stock */
    long stockAt(final int slot) {
        return stocks[slot];
    }

    /** @param slot a slot {@link #find} returned @return the order's price */
    long priceAt(final int slot) {
        return prices[slot];
    }

    /**
     * Takes executed or cancelled shares off an order; an order with none left leaves the book.
     *
     * @param reference the order reference
     * @param slot its slot
     * @param taken the shares taken
     */
    void reduceAt(final long reference, final int slot, final long taken) {
        final long left = shares[slot] - taken;
        if (left > 0) {
            shares[slot] = left;
        } else {
            removeAt(reference, slot);
        }
    }

    /** @param reference an order reference; nothing happens if it is not on the book */
    void remove(final long reference) {
        final int slot = find(reference);
        if (slot >= 0) {
            removeAt(reference, slot);
        }
    }

    /** @return orders on the book */
    int size() {
        return slots.size();
    }

    private void removeAt(final long reference, final int slot) {
        slots.remove(reference);
        free[freeCount++] = slot;
    }

    private int newSlot() {
        if (used == stocks.length) {
            final int capacity = stocks.length * 2;
            stocks = Arrays.copyOf(stocks, capacity);
            prices = Arrays.copyOf(prices, capacity);
            shares = Arrays.copyOf(shares, capacity);
            free = Arrays.copyOf(free, capacity);
        }
        return used++;
    }
}
