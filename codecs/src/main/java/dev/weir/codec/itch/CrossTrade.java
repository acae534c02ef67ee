package dev.weir.codec.itch;

/**
 * Decodes {@code Q}, Cross Trade: the result of an opening, closing, halt or IPO cross.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class CrossTrade extends ItchMessage<CrossTrade> {
    /** A decoder pointing at no message yet. */
    public CrossTrade() {
        super(ItchMessageType.CROSS_TRADE);
    }

    /** @return the shares matched in the cross (a u64 field) */
    public long shares() {
        return u64(11);
    }

    /** @return the stock symbol in {@link Alpha} form (8 bytes) */
    public long stock() {
        return alpha8(19);
    }

    /** @return the cross price, 4-decimal fixed point */
    public long crossPrice() {
        return u32(27);
    }

    /** @return the match number, unique for the day */
    public long matchNumber() {
        return u64(31);
    }

    /** @return {@code O} opening, {@code C} closing, {@code H} halt or IPO, {@code I} intraday */
    public char crossType() {
        return ascii(39);
    }
}
