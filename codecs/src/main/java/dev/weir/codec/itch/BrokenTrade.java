package dev.weir.codec.itch;

/**
 * Decodes {@code B}, Broken Trade: an earlier execution, named by its match number, is void.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class BrokenTrade extends ItchMessage<BrokenTrade> {
    /** A decoder pointing at no message yet. */
    public BrokenTrade() {
        super(ItchMessageType.BROKEN_TRADE);
    }

    /** @return the match number of the broken execution */
    public long matchNumber() {
        return u64(11);
    }
}
