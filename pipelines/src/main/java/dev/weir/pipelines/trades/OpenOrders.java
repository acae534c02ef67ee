package dev.weir.pipelines.trades;

/**
 * The orders on the book, as far as trades need them: per order reference number, the price, the shares still
 * open and the stock locate. Primitives only: an open-addressing table with linear probing over the long
 * reference numbers and parallel arrays for the values, so adding, finding and removing an order allocates
 * nothing. Removal shifts the following entries of the probe run back (no tombstones, so a day of adds and
 * deletes never fills the table with dead slots); the table doubles, rehashing every order, only when it
 * holds as many orders as its capacity allows (three quarters of its slots: linear probing slows down sharply
 * beyond that).
 *
 * <p>The book's rules ({@link ItchTradeDecoder} applies them): {@code A}/{@code F} {@link #add}; {@code U}
 * {@link #replace}s the original reference by the new one with the new price and shares, same stock;
 * {@code E}, {@code C} and {@code X} {@link #reduce} the open shares and remove the order at 0; {@code D}
 * {@link #remove}s it. Prices are in 1/10,000 dollar. Not thread-safe: the decoder's thread owns it.
 */
public final class OpenOrders {
    /** Multiplier of the reference numbers' hash (2^64 / golden ratio): spreads sequential references. */
    private static final long SCRAMBLE = 0x9E37_79B9_7F4A_7C15L;

    private long[] references;
    private long[] prices;
    private long[] shares;
    private int[] locates;
    private boolean[] used;
    private int mask;
    private int shift;
    private int size;
    private int capacity;

    /** @param initialOrders orders the table holds before it first grows; at least 1 */
    public OpenOrders(final int initialOrders) {
        if (initialOrders < 1) {
            throw new IllegalArgumentException("an order table holds at least one order: " + initialOrders);
        }
        final long slots = Long.highestOneBit(Math.max(4L, (initialOrders * 4L + 2) / 3) * 2 - 1);
        if (slots > 1 << 30) {
            throw new IllegalArgumentException("too many orders for one table: " + initialOrders);
        }
        allocate((int) slots);
    }

    private void allocate(final int slots) {
        references = new long[slots];
        prices = new long[slots];
        shares = new long[slots];
        locates = new int[slots];
        used = new boolean[slots];
        mask = slots - 1;
        shift = Long.SIZE - Integer.numberOfTrailingZeros(slots);
        capacity = slots / 4 * 3;
        size = 0;
    }

    private int home(final long reference) {
        return (int) ((reference * SCRAMBLE) >>> shift);
    }

    /**
     * Puts an order on the book; an order of the same reference already there is replaced.
     *
     * @param reference the order reference number
     * @param locate the stock locate code
     * @param price the price in 1/10,000 dollar
     * @param openShares the displayed shares
     */
    public void add(final long reference, final int locate, final long price, final long openShares) {
        int slot = home(reference);
        while (used[slot]) {
            if (references[slot] == reference) {
                set(slot, reference, locate, price, openShares);
                return;
            }
            slot = (slot + 1) & mask;
        }
        if (size == capacity) {
            grow();
            add(reference, locate, price, openShares);
            return;
        }
        used[slot] = true;
        set(slot, reference, locate, price, openShares);
        size++;
    }

    private void set(final int slot, final long reference, final int locate, final long price, final long openShares) {
        references[slot] = reference;
        locates[slot] = locate;
        prices[slot] = price;
        shares[slot] = openShares;
    }

    private void grow() {
        final long[] oldReferences = references;
        final long[] oldPrices = prices;
        final long[] oldShares = shares;
        final int[] oldLocates = locates;
        final boolean[] oldUsed = used;
        if (oldUsed.length == 1 << 30) {
            throw new IllegalStateException("the order table is full at " + size + " orders");
        }
        allocate(oldUsed.length * 2);
        for (int i = 0; i < oldUsed.length; i++) {
            if (oldUsed[i]) {
                add(oldReferences[i], oldLocates[i], oldPrices[i], oldShares[i]);
            }
        }
    }

    /**
     * @param reference an order reference number
     * @return the order's slot, for the {@code ...At} accessors until the table next changes; -1 if it is not open
     */
    public int find(final long reference) {
        int slot = home(reference);
        while (used[slot]) {
            if (references[slot] == reference) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /**
     * @param slot a slot {@link #find} returned
     * @return the order's price in 1/10,000 dollar
     */
    public long priceAt(final int slot) {
        return prices[slot];
    }

    /**
     * @param slot a slot {@link #find} returned
     * @return the order's open shares
     */
    public long sharesAt(final int slot) {
        return shares[slot];
    }

    /**
     * @param slot a slot {@link #find} returned
     * @return the order's stock locate code
     */
    public int locateAt(final int slot) {
        return locates[slot];
    }

    /**
     * Takes shares off an open order (an execution or a partial cancel); at 0 open shares (or below, should a
     * feed take more than was open) the order is removed.
     *
     * @param reference the order reference number
     * @param taken the shares executed or cancelled
     * @return false if no such order is open
     */
    public boolean reduce(final long reference, final long taken) {
        final int slot = find(reference);
        if (slot < 0) {
            return false;
        }
        reduceAt(slot, taken);
        return true;
    }

    /**
     * Like {@link #reduce}, for an order just found.
     *
     * @param slot a slot {@link #find} returned
     * @param taken the shares executed or cancelled
     */
    public void reduceAt(final int slot, final long taken) {
        final long left = shares[slot] - taken;
        if (left > 0) {
            shares[slot] = left;
        } else {
            removeAt(slot);
        }
    }

    /**
     * Replaces an open order by a new one: the original reference is gone, the new one has the new price and
     * shares and the original's stock.
     *
     * @param original the replaced order's reference number
     * @param replacement the new order's reference number
     * @param price the new price in 1/10,000 dollar
     * @param openShares the new displayed shares
     * @return false if the original is not open (then nothing changes)
     */
    public boolean replace(final long original, final long replacement, final long price, final long openShares) {
        final int slot = find(original);
        if (slot < 0) {
            return false;
        }
        final int locate = locates[slot];
        removeAt(slot);
        add(replacement, locate, price, openShares);
        return true;
    }

    /**
     * @param reference the order reference number
     * @return false if no such order is open
     */
    public boolean remove(final long reference) {
        final int slot = find(reference);
        if (slot < 0) {
            return false;
        }
        removeAt(slot);
        return true;
    }

    /** Empties the slot, then moves back every later entry of the probe run that may sit in it. */
    private void removeAt(final int removed) {
        int hole = removed;
        int slot = (hole + 1) & mask;
        while (used[slot]) {
            final int home = home(references[slot]);
            // the entry may move into the hole unless its home lies cyclically in (hole, slot]
            final boolean stays = hole <= slot ? hole < home && home <= slot : hole < home || home <= slot;
            if (!stays) {
                set(hole, references[slot], locates[slot], prices[slot], shares[slot]);
                hole = slot;
            }
            slot = (slot + 1) & mask;
        }
        used[hole] = false;
        size--;
    }

    /** @return the number of open orders */
    public int size() {
        return size;
    }

    /** @return the number of orders the table holds before it next grows */
    public int capacity() {
        return capacity;
    }
}
