package dev.weir.codec.itch;

/**
 * The fields Add Order ({@code A}, {@code F}) and Trade ({@code P}) share at the same offsets: order
 * reference, side, shares, stock and price. A flyweight as {@link ItchMessage} describes.
 *
 * @param <T> the decoder's own class
 */
public abstract class PricedOrder<T extends PricedOrder<T>> extends ItchMessage<T> {
    PricedOrder(final ItchMessageType... types) {
        super(types);
    }

    /** @return the order reference number, unique for the day */
    public final long orderReference() {
        return u64(11);
    }

    /** @return {@code B} buy or {@code S} sell */
    public final char side() {
        return ascii(19);
    }

    /** @return the shares: displayed for an added order, executed for a trade */
    public final long shares() {
        return u32(20);
    }

    /** @return the stock symbol in {@link Alpha} form (8 bytes) */
    public final long stock() {
        return alpha8(24);
    }

    /** @return the price, 4-decimal fixed point: displayed for an added order, executed for a trade */
    public final long price() {
        return u32(32);
    }
}
