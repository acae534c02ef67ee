package dev.weir.codec.itch;

/**
 * Decodes {@code S}, System Event: the event code ({@code O} start of messages, {@code S} start of system hours, {@code Q} start of market hours, {@code M} end of market hours, {@code E} end of system hours, {@code C} end of messages).
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class SystemEvent extends ItchMessage<SystemEvent> {
    /** A decoder pointing at no message yet. */
    public SystemEvent() {
        super(ItchMessageType.SYSTEM_EVENT);
    }

    /** @return the event code */
    public char eventCode() {
        return ascii(11);
    }
}
