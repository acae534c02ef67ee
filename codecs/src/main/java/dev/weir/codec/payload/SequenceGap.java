package dev.weir.codec.payload;

/** Messages of a MoldUDP64 session that never arrived, and the packet that revealed it. Immutable. */
public final class SequenceGap {
    private final String session;
    private final long from;
    private final long to;
    private final String file;
    private final long packet;

    /**
     * @param session the session, as its 10 characters
     * @param from the first missing sequence number
     * @param to the last missing sequence number
     * @param file the capture of the packet that revealed it
     * @param packet that packet's number in its file
     */
    public SequenceGap(final String session, final long from, final long to, final String file, final long packet) {
        this.session = session;
        this.from = from;
        this.to = to;
        this.file = file;
        this.packet = packet;
    }

    /** @return the session field, spaces kept */
    public String session() {
        return session;
    }

    /** @return the first missing sequence number */
    public long from() {
        return from;
    }

    /** @return the last missing sequence number (inclusive) */
    public long to() {
        return to;
    }

    /** @return the capture the revealing packet is in */
    public String file() {
        return file;
    }

    /** @return the revealing packet's 1-based number in its file */
    public long packet() {
        return packet;
    }
}
