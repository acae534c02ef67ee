package dev.weir.codec.itch;

/**
 * Decodes {@code E}, Order Executed: part or all of a resting order executed at its price.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class OrderExecuted extends Execution<OrderExecuted> {
    /** A decoder pointing at no message yet. */
    public OrderExecuted() {
        super(ItchMessageType.ORDER_EXECUTED);
    }
}
