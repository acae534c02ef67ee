package dev.weir.codec.itch;

/**
 * Decodes {@code D}, Order Delete: the order is off the book.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class OrderDelete extends ItchMessage<OrderDelete> {
    /** A decoder pointing at no message yet. */
    public OrderDelete() {
        super(ItchMessageType.ORDER_DELETE);
    }

    /** @return the order reference number, unique for the day */
    public long orderReference() {
        return u64(11);
    }
}
