package dev.weir.codec.itch;

/**
 * Decodes {@code X}, Order Cancel: part of an order cancelled, the rest stays on the book.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class OrderCancel extends ItchMessage<OrderCancel> {
    /** A decoder pointing at no message yet. */
    public OrderCancel() {
        super(ItchMessageType.ORDER_CANCEL);
    }

    /** @return the order reference number, unique for the day */
    public long orderReference() {
        return u64(11);
    }

    /** @return the shares taken off the order */
    public long cancelledShares() {
        return u32(19);
    }
}
