package dev.weir.codec.itch;

/**
 * Decodes {@code A}, Add Order, and {@code F}, Add Order with MPID attribution (the same fields and the attributed participant).
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class AddOrder extends PricedOrder<AddOrder> {
    /** A decoder pointing at no message yet. */
    public AddOrder() {
        super(ItchMessageType.ADD_ORDER, ItchMessageType.ADD_ORDER_WITH_MPID);
    }

    /** @return true for {@code F}, which names the participant */
    public boolean hasAttribution() {
        return type() == ItchMessageType.ADD_ORDER_WITH_MPID;
    }

    /** @return the participant (MPID) in {@link Alpha} form (4 bytes) for {@code F}, 0 for {@code A} */
    public long attribution() {
        return hasAttribution() ? u32(36) : 0;
    }
}
