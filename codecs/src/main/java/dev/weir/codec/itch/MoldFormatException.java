package dev.weir.codec.itch;

/**
 * A MoldUDP64 payload whose bytes do not match its header: too short for the header, a message
 * running past the payload's end, or bytes left over after the counted messages. The message names
 * the byte offset within the payload where the fault was found; the capture reader adds the file
 * and the packet.
 */
public final class MoldFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int payloadOffset;
    private final String reason;

    /**
     * @param payloadOffset the offset within the UDP payload, in bytes from its first byte
     * @param reason what is wrong
     */
    public MoldFormatException(final int payloadOffset, final String reason) {
        super("payload offset " + payloadOffset + ": " + reason);
        this.payloadOffset = payloadOffset;
        this.reason = reason;
    }

    /** @return the offset within the UDP payload where the fault was found, in bytes */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** @return what is wrong, without the offset */
    public String reason() {
        return reason;
    }
}
