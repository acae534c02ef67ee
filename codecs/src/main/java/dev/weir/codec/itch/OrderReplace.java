package dev.weir.codec.itch;

/**
 * Decodes {@code U}, Order Replace: the original order is off the book and a new one, of the same side and stock, is on it.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class OrderReplace extends ItchMessage<OrderReplace> {
    /** A decoder pointing at no message yet. */
    public OrderReplace() {
        super(ItchMessageType.ORDER_REPLACE);
    }

    /** @return the replaced order's reference number */
    public long originalOrderReference() {
        return u64(11);
    }

    /** @return the new order's reference number */
    public long newOrderReference() {
        return u64(19);
    }

    /** @return the new order's displayed shares */
    public long shares() {
        return u32(27);
    }

    /** @return the new order's displayed price, 4-decimal fixed point */
    public long price() {
        return u32(31);
    }
}
