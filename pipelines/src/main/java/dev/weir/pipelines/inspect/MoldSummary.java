package dev.weir.pipelines.inspect;

import java.util.List;

/**
 * The MoldUDP64 framing of an ITCH capture: sessions, heartbeats, payloads that are not MoldUDP64, and the sequence
 * numbers as {@link dev.weir.pipelines.itch.MoldSequenceTracker} follows them in arrival order: gaps (with the
 * first {@value #GAPS_LISTED} listed), the reordered packets that filled them later, what is still missing at the
 * end, and duplicates. Immutable.
 */
public final class MoldSummary {
    /** How many gaps are listed with their packets; the rest are only counted. */
    public static final int GAPS_LISTED = 5;

    private final List<String> sessions;
    private final int sessionCount;
    private final long heartbeats;
    private final long malformedPayloads;
    private final long gaps;
    private final long missedMessages;
    private final List<SequenceGap> firstGaps;
    private final long reorderedPackets;
    private final long reorderedMessages;
    private final long duplicatePackets;
    private final long duplicateMessages;

    MoldSummary(final List<String> sessions, final int sessionCount, final long heartbeats, final long malformedPayloads, final long gaps,
            final long missedMessages, final List<SequenceGap> firstGaps, final long reorderedPackets, final long reorderedMessages,
            final long duplicatePackets, final long duplicateMessages) {
        this.sessions = List.copyOf(sessions);
        this.sessionCount = sessionCount;
        this.heartbeats = heartbeats;
        this.malformedPayloads = malformedPayloads;
        this.gaps = gaps;
        this.missedMessages = missedMessages;
        this.firstGaps = List.copyOf(firstGaps);
        this.reorderedPackets = reorderedPackets;
        this.reorderedMessages = reorderedMessages;
        this.duplicatePackets = duplicatePackets;
        this.duplicateMessages = duplicateMessages;
    }

    /** @return the sessions in order of first sight, 10 characters each, spaces kept; the first 100 */
    public List<String> sessions() {
        return sessions;
    }

    /** @return how many sessions were seen, named or not */
    public int sessionCount() {
        return sessionCount;
    }

    /** @return payloads with a message count of 0 */
    public long heartbeats() {
        return heartbeats;
    }

    /** @return payloads whose bytes do not match a MoldUDP64 header and messages (skipped) */
    public long malformedPayloads() {
        return malformedPayloads;
    }

    /** @return sequence gaps: a packet started past the next expected number */
    public long gaps() {
        return gaps;
    }

    /** @return messages in all gaps when they were found, including those that arrived later */
    public long missedMessages() {
        return missedMessages;
    }

    /** @return packets overtaken by a later one, whose messages arrived after the gap was found (and were counted) */
    public long reorderedPackets() {
        return reorderedPackets;
    }

    /** @return messages that arrived after a later message, filling a gap (counted as messages, measured for lateness) */
    public long reorderedMessages() {
        return reorderedMessages;
    }

    /** @return messages of the gaps that never arrived */
    public long missingMessages() {
        return missedMessages - reorderedMessages;
    }

    /** @return the first gaps, at most {@value #GAPS_LISTED} */
    public List<SequenceGap> firstGaps() {
        return firstGaps;
    }

    /** @return packets whose messages had all been seen before, none of them filling a gap */
    public long duplicatePackets() {
        return duplicatePackets;
    }

    /** @return messages that arrived again (not counted as messages, nor measured for lateness) */
    public long duplicateMessages() {
        return duplicateMessages;
    }
}
