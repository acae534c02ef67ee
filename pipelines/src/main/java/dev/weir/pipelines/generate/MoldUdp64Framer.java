package dev.weir.pipelines.generate;

import dev.weir.codec.itch.MoldUdp64Packet;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Builds MoldUDP64 downstream packets, the inverse of {@link MoldUdp64Packet}: a 20-byte header (the session, the
 * sequence number of the packet's first message, the message count) and the messages, each after its u16 length.
 * Messages are added until the next one would take the payload past its maximum; the caller then sends the packet
 * ({@link #buffer()} from 0 for {@link #length()} bytes) and calls {@link #next()}, which moves the sequence number
 * past the packet's messages, whether or not the packet was sent (a dropped packet is a gap for the receiver).
 * A packet without messages is a heartbeat; {@link #endOfSession()} turns an empty packet into the session's end.
 *
 * <p>One reusable payload buffer; nothing is allocated per packet or message. Not thread-safe.
 */
public final class MoldUdp64Framer {
    private final UnsafeBuffer buffer;
    private final int maxPayload;
    private long sequenceNumber;
    private int messageCount;
    private int length;

    /**
     * @param session the session, {@value MoldUdp64Packet#SESSION_LENGTH} ASCII characters
     * @param firstSequenceNumber the sequence number of the session's first message, usually 1
     * @param maxPayload the largest payload, header included, e.g. 1,400 bytes to stay within an Ethernet frame
     * @throws IllegalArgumentException if the session is not 10 ASCII characters or the payload cannot hold one message
     */
    public MoldUdp64Framer(final String session, final long firstSequenceNumber, final int maxPayload) {
        final byte[] bytes = session.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length != MoldUdp64Packet.SESSION_LENGTH || !StandardCharsets.US_ASCII.newEncoder().canEncode(session)) {
            throw new IllegalArgumentException("session '" + session + "' is not " + MoldUdp64Packet.SESSION_LENGTH + " ASCII characters");
        }
        if (maxPayload < MoldUdp64Packet.HEADER_LENGTH + MoldUdp64Packet.LENGTH_PREFIX + 1 || maxPayload > CaptureWriter.MAX_PAYLOAD) {
            throw new IllegalArgumentException("a maximum payload of " + maxPayload + " bytes: it must hold the header and a message"
                    + " and fit a UDP datagram (at most " + CaptureWriter.MAX_PAYLOAD + ")");
        }
        this.buffer = new UnsafeBuffer(new byte[maxPayload]);
        this.maxPayload = maxPayload;
        buffer.putBytes(0, bytes);
        this.sequenceNumber = firstSequenceNumber;
        start();
    }

    private void start() {
        messageCount = 0;
        length = MoldUdp64Packet.HEADER_LENGTH;
        buffer.putLong(MoldUdp64Packet.SEQUENCE_AT, sequenceNumber, ByteOrder.BIG_ENDIAN);
        buffer.putShort(MoldUdp64Packet.COUNT_AT, (short) 0, ByteOrder.BIG_ENDIAN);
    }

    /**
     * @param messageLength a message's length in bytes
     * @return whether the message fits in this packet after those already in it
     */
    public boolean fits(final int messageLength) {
        return messageCount < MoldUdp64Packet.END_OF_SESSION - 1 && length + MoldUdp64Packet.LENGTH_PREFIX + messageLength <= maxPayload;
    }

    /**
     * Makes room for a message: writes its length and counts it.
     *
     * @param messageLength the message's length in bytes
     * @return where in {@link #buffer()} the message's bytes (its type byte first) go
     * @throws IllegalStateException if it does not {@link #fits fit}, or the packet ends the session
     */
    public int add(final int messageLength) {
        if (messageCount == MoldUdp64Packet.END_OF_SESSION || !fits(messageLength)) {
            throw new IllegalStateException("a message of " + messageLength + " bytes does not fit the packet's "
                    + (maxPayload - length) + " free bytes");
        }
        buffer.putShort(length, (short) messageLength, ByteOrder.BIG_ENDIAN);
        final int at = length + MoldUdp64Packet.LENGTH_PREFIX;
        length = at + messageLength;
        messageCount++;
        buffer.putShort(MoldUdp64Packet.COUNT_AT, (short) messageCount, ByteOrder.BIG_ENDIAN);
        return at;
    }

    /**
     * Makes the (empty) packet the end of the session: count {@value MoldUdp64Packet#END_OF_SESSION}, the sequence
     * number the next message would have had.
     *
     * @throws IllegalStateException if the packet holds messages
     */
    public void endOfSession() {
        if (messageCount != 0) {
            throw new IllegalStateException("the packet holds " + messageCount + " messages; send it before the end of the session");
        }
        messageCount = MoldUdp64Packet.END_OF_SESSION;
        buffer.putShort(MoldUdp64Packet.COUNT_AT, (short) MoldUdp64Packet.END_OF_SESSION, ByteOrder.BIG_ENDIAN);
    }

    /** Starts the next packet, whose first message follows this packet's last one. */
    public void next() {
        if (messageCount != MoldUdp64Packet.END_OF_SESSION) {
            sequenceNumber += messageCount;
        }
        start();
    }

    /** @return the payload being built, from index 0 */
    public MutableDirectBuffer buffer() {
        return buffer;
    }

    /** @return the payload's length so far, header included */
    public int length() {
        return length;
    }

    /** @return the messages in the packet ({@value MoldUdp64Packet#END_OF_SESSION} once it ends the session) */
    public int messageCount() {
        return messageCount;
    }

    /** @return the sequence number of the packet's first message (of the next message, for a heartbeat) */
    public long sequenceNumber() {
        return sequenceNumber;
    }
}
