package dev.weir.codec.payload;

import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.itch.ItchMessage;
import dev.weir.codec.itch.ItchMessageCounts;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldFormatException;
import dev.weir.codec.itch.MoldSequenceListener;
import dev.weir.codec.itch.MoldSequenceTracker;
import dev.weir.codec.itch.MoldUdp64Packet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.agrona.DirectBuffer;

/**
 * MoldUDP64 payloads carrying ITCH 5.0 messages. Sequence numbers go through a {@link MoldSequenceTracker}. Of the
 * messages it reports as seen before, those whose sequence numbers lie in a gap it reported earlier were not seen:
 * their packet was overtaken by a later one (reordered), so they fill the gap and count as messages; the others
 * are duplicates and are skipped. The last {@value #OPEN_GAPS} gaps are remembered for this; older ones stay missing.
 * Each message counted is classified by type and length, and a well-formed one's timestamp (nanoseconds since
 * midnight) becomes its event time in ms since midnight, as a replay's ITCH decoder uses it. Allocates nothing per
 * packet in order; a payload that is not MoldUDP64, a new session, a gap and a packet that comes behind the expected
 * sequence number (reordered or repeated) may allocate. Not thread-safe.
 */
public final class ItchPayloads implements PayloadAnalysis, MoldSequenceListener {
    private static final int SESSIONS_LISTED = 100;
    /** How many gaps are remembered for reordered packets to fill. */
    static final int OPEN_GAPS = 1_024;

    private final LatenessHistogram lateness;
    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private final MoldSequenceTracker tracker = new MoldSequenceTracker(this);
    private final ItchMessageCounts counts = new ItchMessageCounts();
    private final List<SequenceGap> firstGaps = new ArrayList<>();
    private final ArrayDeque<OpenGap> openGaps = new ArrayDeque<>();
    private long heartbeats;
    private long malformedPayloads;
    private long reorderedPackets;
    private long reorderedMessages;
    private long duplicatePackets;
    private String file;
    private long packetNumber;
    /** The tracker's index of the current packet's session. */
    private int session;

    /** @param lateness where each well-formed message's time goes, in ms since midnight */
    public ItchPayloads(final LatenessHistogram lateness) {
        this.lateness = lateness;
    }

    @Override
    public void payload(final String file, final CapturePacket captured, final Datagram datagram) {
        try {
            packet.wrap(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength());
        } catch (final MoldFormatException notMold) {
            malformedPayloads++;
            return;
        }
        this.file = file;
        this.packetNumber = captured.ordinal();
        session = tracker.sessionIndex(packet);
        if (packet.isHeartbeat()) {
            heartbeats++;
        }
        final int firstNew = tracker.track(packet);
        final DirectBuffer buffer = packet.buffer();
        int filled = 0;
        while (packet.next()) {
            if (packet.messageIndex() < firstNew) {
                if (!fillsGap(packet.messageSequenceNumber())) {
                    continue;
                }
                filled++;
            }
            final int offset = packet.messageOffset();
            if (counts.classify(buffer, offset, packet.messageLength()) != null) {
                lateness.event(ItchMessage.timestamp(buffer, offset) / 1_000_000L);
            }
        }
        if (filled > 0) {
            reorderedPackets++;
            reorderedMessages += filled;
        } else if (firstNew > 0 && firstNew == packet.carriedMessages()) {
            duplicatePackets++;
        }
    }

    /** Counts a message of a file of length-prefixed messages: no MoldUDP64, so no sequence number to track. */
    @Override
    public void message(final String file, final CapturePacket message) {
        final DirectBuffer buffer = message.buffer();
        final int offset = message.offset();
        if (counts.classify(buffer, offset, message.capturedLength()) != null) {
            lateness.event(ItchMessage.timestamp(buffer, offset) / 1_000_000L);
        }
    }

    /** @return true if the sequence number of the current packet's session lies in a remembered gap, which it leaves */
    private boolean fillsGap(final long sequence) {
        final Iterator<OpenGap> newestFirst = openGaps.descendingIterator();
        while (newestFirst.hasNext()) {
            final OpenGap gap = newestFirst.next();
            if (sequence >= gap.from && sequence <= gap.to && gap.session == session) {
                if (gap.from == gap.to) {
                    newestFirst.remove();
                } else if (sequence == gap.from) {
                    gap.from++;
                } else if (sequence == gap.to) {
                    gap.to--;
                } else {
                    // filled in the middle: the part after it becomes a gap of its own
                    final long to = gap.to;
                    gap.to = sequence - 1;
                    remember(new OpenGap(gap.session, sequence + 1, to));
                }
                return true;
            }
        }
        return false;
    }

    @Override
    public void gap(final String session, final long from, final long to) {
        if (firstGaps.size() < MoldSummary.GAPS_LISTED) {
            firstGaps.add(new SequenceGap(session, from, to, file, packetNumber));
        }
        remember(new OpenGap(this.session, from, to));
    }

    /** Keeps the gap for reordered packets to fill, forgetting the oldest beyond {@value #OPEN_GAPS}: those stay missing. */
    private void remember(final OpenGap gap) {
        if (openGaps.size() == OPEN_GAPS) {
            openGaps.removeFirst();
        }
        openGaps.addLast(gap);
    }

    @Override
    public void endOfSession(final String session, final long nextSequence) {
        // an ended session needs no report of its own: its later packets would show as duplicates or gaps
    }

    @Override
    public MessageTally tally() {
        final List<MessageCount> byType = new ArrayList<>();
        for (final ItchMessageType type : ItchMessageType.values()) {
            byType.add(new MessageCount(String.valueOf(type.code()), type.name().toLowerCase(Locale.ROOT).replace('_', ' '), counts.count(type)));
        }
        return new MessageTally(byType, List.of(
                new MessageCount("unknown", "messages of no ITCH 5.0 type", counts.unknown()),
                new MessageCount("mis-sized", "messages not of their type's length", counts.misSized()),
                new MessageCount("not-mold", "payloads that are not MoldUDP64", malformedPayloads)));
    }

    @Override
    public MoldSummary section() {
        final List<String> sessions = new ArrayList<>();
        for (int i = 0; i < Math.min(SESSIONS_LISTED, tracker.sessions()); i++) {
            sessions.add(tracker.sessionText(i));
        }
        return new MoldSummary(sessions, tracker.sessions(), heartbeats, malformedPayloads, tracker.gaps(), tracker.missedMessages(), firstGaps,
                reorderedPackets, reorderedMessages, duplicatePackets, tracker.duplicateMessages() - reorderedMessages);
    }

    /** Sequence numbers of a session not seen yet, both ends inclusive; shrinks as reordered packets fill it. */
    private static final class OpenGap {
        /** The session's index in the tracker. */
        private final int session;
        private long from;
        private long to;

        OpenGap(final int session, final long from, final long to) {
            this.session = session;
            this.from = from;
            this.to = to;
        }
    }
}
