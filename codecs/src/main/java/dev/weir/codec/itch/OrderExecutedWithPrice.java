package dev.weir.codec.itch;

/**
 * Decodes {@code C}, Order Executed With Price: an execution at a price other than the order's.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class OrderExecutedWithPrice extends Execution<OrderExecutedWithPrice> {
    /** A decoder pointing at no message yet. */
    public OrderExecutedWithPrice() {
        super(ItchMessageType.ORDER_EXECUTED_WITH_PRICE);
    }

    /** @return {@code Y} if the execution is to be printed (counted in volume), else {@code N} */
    public char printable() {
        return ascii(31);
    }

    /** @return the execution price, 4-decimal fixed point */
    public long executionPrice() {
        return u32(32);
    }
}
