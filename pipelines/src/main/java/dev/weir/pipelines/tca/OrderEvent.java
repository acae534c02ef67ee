package dev.weir.pipelines.tca;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.pipelines.trades.SymbolKey;

/**
 * One ITCH message that moves a stock's book or prints a trade, with the stock it belongs to: an add ({@code A},
 * {@code F}: reference, side, price, shares), an execution ({@code E}: reference, shares; {@code C}: reference, shares,
 * the execution price and whether it is printable), a cancel ({@code X}: reference, shares cancelled), a delete
 * ({@code D}: reference), a replace ({@code U}: original reference, new reference, price, shares) or a non-cross trade
 * ({@code P}: price, shares). Prices in 1/10,000 dollar. A pooled, mutable event: {@link ItchOrderDecoder} refills
 * instances in place, so a consumer copies what it keeps. Not thread-safe.
 */
public final class OrderEvent {
    private ItchMessageType type;
    private SymbolKey symbol;
    private long reference;
    private long newReference;
    private char side;
    private long price;
    private long shares;
    private boolean printable;
    private long timestampNanos;
    private long messageIndex;

    /**
     * Refills this event.
     *
     * @param messageType the message's type: A, F, E, C, X, D, U or P
     * @param stock the stock's interned key
     * @param orderReference the order's reference (U: the original's); 0 for P
     * @param replacement U: the new order's reference; else 0
     * @param orderSide A, F: 'B' or 'S'; else ' '
     * @param priceTicks A, F, U: the order's price; C: the execution price; P: the trade's price; else 0
     * @param quantity A, F, U: the shares; E, C: executed; X: cancelled; P: traded; D: 0
     * @param printed C: whether the execution is printable; true for the others
     * @param timestamp the ITCH timestamp: nanoseconds since midnight
     * @return this event
     */
    public OrderEvent set(final ItchMessageType messageType, final SymbolKey stock, final long orderReference, final long replacement,
            final char orderSide, final long priceTicks, final long quantity, final boolean printed, final long timestamp) {
        this.type = messageType;
        this.symbol = stock;
        this.reference = orderReference;
        this.newReference = replacement;
        this.side = orderSide;
        this.price = priceTicks;
        this.shares = quantity;
        this.printable = printed;
        this.timestampNanos = timestamp;
        return this;
    }

    /**
     * Sets the event's place in the decoder's output.
     *
     * @param index 0 for the first event a decoder emits, then 1, 2, ...
     * @return this event
     */
    public OrderEvent index(final long index) {
        this.messageIndex = index;
        return this;
    }

    /** @return the event's place in the decoder's output, from 0: its message order across all stocks */
    public long messageIndex() {
        return messageIndex;
    }

    /** @return the message's type */
    public ItchMessageType type() {
        return type;
    }

    /** @return the stock's interned key */
    public SymbolKey symbol() {
        return symbol;
    }

    /** @return the order's reference (U: the original's) */
    public long reference() {
        return reference;
    }

    /** @return U: the new order's reference */
    public long newReference() {
        return newReference;
    }

    /** @return A, F: 'B' or 'S' */
    public char side() {
        return side;
    }

    /** @return the price in 1/10,000 dollar, as {@link #set} says per type */
    public long price() {
        return price;
    }

    /** @return the shares, as {@link #set} says per type */
    public long shares() {
        return shares;
    }

    /** @return C: whether the execution is printable; true for the others */
    public boolean printable() {
        return printable;
    }

    /** @return the ITCH timestamp in nanoseconds since midnight */
    public long timestampNanos() {
        return timestampNanos;
    }

    @Override
    public String toString() {
        return type.code() + " " + symbol + " ref=" + reference + (newReference != 0 ? "->" + newReference : "") + " " + side + " "
                + shares + "@" + price + " t=" + timestampNanos;
    }
}
