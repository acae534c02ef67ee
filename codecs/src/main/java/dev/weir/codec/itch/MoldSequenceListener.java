package dev.weir.codec.itch;

/**
 * Told by {@link MoldSequenceTracker} of what breaks a session's sequence. Called on the tracking
 * thread; the session text is the 10-byte field with its spaces, the same instance for every call
 * about one session.
 */
public interface MoldSequenceListener {
    /**
     * Messages {@code from} to {@code to} (both inclusive, {@code from <= to}) of the session never arrived
     * before a later message did.
     *
     * @param session the session field
     * @param from the first missing sequence number
     * @param to the last missing sequence number
     */
    void gap(String session, long from, long to);

    /**
     * The session's end-of-session packet arrived, the first time only.
     *
     * @param session the session field
     * @param nextSequence the sequence number after the session's last message
     */
    void endOfSession(String session, long nextSequence);
}
