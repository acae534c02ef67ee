package dev.weir.pipelines.replay;

/**
 * A datagram payload that breaks its format (a MoldUDP64 packet whose message count does not fit its bytes).
 * The replay turns it into {@code FILE: offset N (packet P): reason}, with N the file offset of the bad byte.
 */
public final class PayloadFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int payloadOffset;
    private final String reason;

    /**
     * @param payloadOffset where in the payload the fault is, counted from the payload's first byte
     * @param reason what is wrong, in the user's terms
     */
    public PayloadFormatException(final int payloadOffset, final String reason) {
        super(reason, null, false, false);
        this.payloadOffset = payloadOffset;
        this.reason = reason;
    }

    /** @return where in the payload the fault is, from the payload's first byte */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** @return what is wrong */
    public String reason() {
        return reason;
    }
}
