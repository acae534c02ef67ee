package dev.weir.pipelines.generate;

import dev.weir.codec.itch.ItchMessageCounts;
import dev.weir.codec.itch.ItchMessageType;

/**
 * What {@link ItchTrafficGenerator} handed to its sink: packets, messages by type, payload bytes, and what it left
 * out. Immutable once the generator returns it; thread-safe then.
 *
 * @param packets datagrams handed to the sink: packets with messages, heartbeats and the end of the session
 * @param heartbeats packets without messages sent after a second without any
 * @param delayed packets captured later than sent ({@code disorder})
 * @param droppedPackets packets with messages left out ({@code gaps})
 * @param droppedMessages the messages in those packets
 * @param counts the messages handed to the sink, by type
 * @param payloadBytes the UDP payload bytes handed to the sink
 */
public record ItchTrafficSummary(long packets, long heartbeats, long delayed, long droppedPackets, long droppedMessages,
        ItchMessageCounts counts, long payloadBytes) {
    /** @return e.g. {@code 812 packets (1 heartbeats; 2 dropped with 9 messages), 5000 messages (S 6 R 8 A 1800 ...)} */
    public String text() {
        final StringBuilder text = new StringBuilder().append(packets).append(" packets (").append(heartbeats).append(" heartbeats");
        if (delayed > 0) {
            text.append(", ").append(delayed).append(" delayed");
        }
        if (droppedPackets > 0) {
            text.append("; ").append(droppedPackets).append(" dropped with ").append(droppedMessages).append(" messages");
        }
        text.append("), ").append(counts.total()).append(" messages (");
        boolean first = true;
        for (final ItchMessageType type : ItchMessageType.values()) {
            if (counts.count(type) > 0) {
                text.append(first ? "" : " ").append(type.code()).append(' ').append(counts.count(type));
                first = false;
            }
        }
        return text.append("), ").append(payloadBytes).append(" payload bytes").toString();
    }
}
