package dev.weir.codec.payload;

import java.util.List;

/**
 * The MoldUDP64 framing of an ITCH capture: sessions, heartbeats, payloads that are not MoldUDP64, and the sequence
 * numbers as {@link dev.weir.codec.itch.MoldSequenceTracker} follows them in arrival order: gaps (with the
 * first {@value #GAPS_LISTED} listed), the reordered packets that filled them later, what is still missing at the
 * end, and duplicates. Immutable.
 */
public final class MoldSummary implements ReportSection {
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

    @Override
    public void text(final StringBuilder out) {
        out.append("  sessions    ").append(sessionCount);
        for (final String session : sessions) {
            out.append(" '").append(session).append('\'');
        }
        out.append("; ").append(heartbeats).append(" heartbeats, ").append(malformedPayloads).append(" payloads not MoldUDP64\n");
        out.append("  gaps        ").append(gaps).append(" (").append(missedMessages)
                .append(" messages not there when a later packet came)\n");
        for (final SequenceGap gap : firstGaps) {
            out.append("    '").append(gap.session()).append("' ").append(gap.from()).append(gap.from() == gap.to() ? "" : ".." + gap.to())
                    .append(" missing, seen at ").append(gap.file()).append(" packet ").append(gap.packet()).append('\n');
        }
        if (gaps > firstGaps.size()) {
            out.append("    ").append(gaps - firstGaps.size()).append(" more gaps\n");
        }
        out.append("  reordered   ").append(reorderedPackets).append(" packets, ").append(reorderedMessages)
                .append(" messages came after later ones and filled gaps (counted, measured for lateness)\n");
        out.append("  missing     ").append(missingMessages()).append(" messages never came\n");
        out.append("  duplicates  ").append(duplicatePackets).append(" packets, ").append(duplicateMessages).append(" messages\n");
    }

    /** Writes the member {@code mold}. */
    @Override
    public void json(final JsonText json) {
        json.beginObject("mold").beginArray("sessions");
        for (final String session : sessions) {
            json.field(null, session);
        }
        json.endArray().field("sessionCount", sessionCount).field("heartbeats", heartbeats).field("notMoldPayloads", malformedPayloads)
                .field("gaps", gaps).field("missedMessages", missedMessages).beginArray("firstGaps");
        for (final SequenceGap gap : firstGaps) {
            json.beginObject(null).field("session", gap.session()).field("from", gap.from()).field("to", gap.to()).field("file", gap.file())
                    .field("packet", gap.packet()).endObject();
        }
        json.endArray().field("reorderedPackets", reorderedPackets).field("reorderedMessages", reorderedMessages)
                .field("missingMessages", missingMessages()).field("duplicatePackets", duplicatePackets)
                .field("duplicateMessages", duplicateMessages).endObject();
    }
}
