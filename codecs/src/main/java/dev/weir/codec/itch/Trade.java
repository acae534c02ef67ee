package dev.weir.codec.itch;

/**
 * Decodes {@code P}, Trade (non-cross): an execution against a non-displayed order.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 * The order reference is 0: references of non-displayed orders are not disseminated.
 */
public final class Trade extends PricedOrder<Trade> {
    /** A decoder pointing at no message yet. */
    public Trade() {
        super(ItchMessageType.TRADE);
    }

    /** @return the match number, unique for the day */
    public long matchNumber() {
        return u64(36);
    }
}
