package dev.weir.codec.itch;

/**
 * The fields Order Executed ({@code E}) and Order Executed With Price ({@code C}) share at the same
 * offsets: the executed order's reference, the shares executed and the match number. A flyweight as
 * {@link ItchMessage} describes.
 *
 * @param <T> the decoder's own class
 */
public abstract class Execution<T extends Execution<T>> extends ItchMessage<T> {
    Execution(final ItchMessageType type) {
        super(type);
    }

    /** @return the executed order's reference number */
    public final long orderReference() {
        return u64(11);
    }

    /** @return the shares executed */
    public final long executedShares() {
        return u32(19);
    }

    /** @return the match number, unique for the day */
    public final long matchNumber() {
        return u64(23);
    }
}
