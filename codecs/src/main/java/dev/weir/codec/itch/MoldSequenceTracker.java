package dev.weir.codec.itch;

import java.util.Arrays;

/**
 * Follows the sequence numbers of MoldUDP64 sessions in arrival order: per session, the next expected
 * sequence number. A packet starting past it reveals a gap (reported to the listener and counted); a
 * packet starting before it repeats messages already seen (a duplicate or replay, counted, and
 * {@link #track} tells the caller where the new messages start). The first packet of a session sets
 * its start, whatever its sequence number, since a capture may begin mid-session. Heartbeats and
 * end-of-session packets carry the next expected number, so they reveal gaps too; the end of a
 * session is reported once.
 *
 * <p>A packet that arrives after a later one (reordered) counts as a duplicate, since its messages
 * lie behind the expected number; gaps are not filled in afterwards. A reader that holds packets
 * arriving early until the missing ones come (the trades decoder does) tracks them in sequence order
 * and uses {@link #sessionIndex} and {@link #nextSequence(int)} to decide what to hold. Sequence numbers are compared as
 * signed longs (real sessions stay far below 2^63). Sessions are found through a hash index, so a capture of
 * many sessions (a hostile one may name a new session in every packet) costs the same per packet as one of a few.
 * Allocates only when a session is first seen. Not thread-safe: one tracker per capture reader thread.
 */
public final class MoldSequenceTracker {
    private final MoldSequenceListener listener;
    private Session[] sessions = new Session[4];
    private int sessionCount;
    /** Open addressing over the sessions: 0 is an empty slot, else a session's index plus 1; at most half full. */
    private int[] index = new int[8];
    private int last = -1;
    private long gaps;
    private long missedMessages;
    private long duplicatePackets;
    private long duplicateMessages;

    /** @param listener told of gaps and session ends */
    public MoldSequenceTracker(final MoldSequenceListener listener) {
        this.listener = listener;
    }

    /**
     * Takes the next packet in arrival order.
     *
     * @param packet a wrapped packet
     * @return the index of the packet's first message not seen before: 0 if all are new, the number of
     *     carried messages if none is
     */
    public int track(final MoldUdp64Packet packet) {
        final int index = sessionIndex(packet); // first: a new session may grow the array
        final Session session = sessions[index];
        final long sequence = packet.sequenceNumber();
        final int carried = packet.carriedMessages();
        int firstNew = 0;
        if (session.next < 0) {
            session.next = sequence + carried;
        } else if (sequence > session.next) {
            gaps++;
            missedMessages += sequence - session.next;
            listener.gap(session.text, session.next, sequence - 1);
            session.next = sequence + carried;
        } else if (sequence < session.next && carried > 0) {
            firstNew = (int) Math.min(carried, session.next - sequence);
            duplicateMessages += firstNew;
            if (firstNew == carried) {
                duplicatePackets++;
            } else {
                session.next = sequence + carried;
            }
        } else if (sequence == session.next) {
            session.next = sequence + carried;
        }
        if (packet.isEndOfSession() && !session.ended) {
            session.ended = true;
            listener.endOfSession(session.text, session.next);
        }
        return firstNew;
    }

    /**
     * Finds the packet's session, adding it (with no packet tracked yet) when it is new; allocates only then.
     *
     * @param packet a wrapped packet
     * @return the session's index: 0 for the first session seen, 1 for the next, and so on
     */
    public int sessionIndex(final MoldUdp64Packet packet) {
        if (last >= 0 && packet.sessionEquals(sessions[last].bytes)) {
            return last;
        }
        final int hash = packet.sessionHash();
        final int mask = index.length - 1;
        int slot = hash & mask;
        for (int entry = index[slot]; entry != 0; entry = index[slot]) {
            final Session session = sessions[entry - 1];
            if (session.hash == hash && packet.sessionEquals(session.bytes)) {
                last = entry - 1;
                return last;
            }
            slot = (slot + 1) & mask;
        }
        if (sessionCount == sessions.length) {
            sessions = Arrays.copyOf(sessions, sessionCount * 2);
        }
        final byte[] bytes = new byte[MoldUdp64Packet.SESSION_LENGTH];
        packet.copySession(bytes);
        last = sessionCount;
        sessions[sessionCount++] = new Session(bytes, packet.sessionText(), hash);
        index[slot] = sessionCount;
        if (sessionCount * 2 > index.length) {
            rehash();
        }
        return last;
    }

    private void rehash() {
        index = new int[index.length * 2];
        final int mask = index.length - 1;
        for (int i = 0; i < sessionCount; i++) {
            int slot = sessions[i].hash & mask;
            while (index[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            index[slot] = i + 1;
        }
    }

    private Session find(final String session) {
        for (int i = 0; i < sessionCount; i++) {
            if (sessions[i].text.equals(session)) {
                return sessions[i];
            }
        }
        return null;
    }

    /**
     * @param session the 10-character session field, spaces included
     * @return the session's next expected sequence number, or -1 if no packet of it was seen
     */
    public long nextSequence(final String session) {
        final Session found = find(session);
        return found == null ? -1 : found.next;
    }

    /**
     * @param sessionIndex a session's index, as {@link #sessionIndex} gave it
     * @return the session's next expected sequence number, or -1 if no packet of it was tracked
     */
    public long nextSequence(final int sessionIndex) {
        return sessions[sessionIndex].next;
    }

    /**
     * @param session the 10-character session field, spaces included
     * @return true if the session's end-of-session packet arrived
     */
    public boolean isEnded(final String session) {
        final Session found = find(session);
        return found != null && found.ended;
    }

    /**
     * @param sessionIndex a session's index, as {@link #sessionIndex} gave it: 0 to {@link #sessions()} - 1, in order
     *     of first sight
     * @return the session's 10-character field, spaces included
     */
    public String sessionText(final int sessionIndex) {
        return sessions[sessionIndex].text;
    }

    /** @return the number of sessions seen */
    public int sessions() {
        return sessionCount;
    }

    /** @return the number of gaps reported */
    public long gaps() {
        return gaps;
    }

    /** @return the number of messages in all gaps */
    public long missedMessages() {
        return missedMessages;
    }

    /** @return packets that carried messages, all seen before */
    public long duplicatePackets() {
        return duplicatePackets;
    }

    /** @return messages that arrived again, in whole or partly duplicate packets */
    public long duplicateMessages() {
        return duplicateMessages;
    }

    /** One session's state; its text is made once, when the session is first seen. */
    private static final class Session {
        private final byte[] bytes;
        private final String text;
        private final int hash;
        private long next = -1;
        private boolean ended;

        Session(final byte[] bytes, final String text, final int hash) {
            this.bytes = bytes;
            this.text = text;
            this.hash = hash;
        }
    }
}
