package dev.weir.codec.itch;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;

/**
 * A flyweight over one MoldUDP64 downstream packet (a UDP payload): a 20-byte header (session,
 * 10 ASCII bytes; sequence number of the first message, u64; message count, u16) followed by the
 * messages, each a u16 length and that many bytes. All numbers are big-endian.
 *
 * <p>A count of 0 is a heartbeat, {@value #END_OF_SESSION} marks the end of the session; neither
 * carries messages. {@link #wrap} checks the whole payload once, so iterating with {@link #next}
 * never reads outside it. Iteration allocates nothing; the buffer is read, never copied. One
 * instance is reused for every packet of a capture. Not thread-safe.
 */
public final class MoldUdp64Packet {
    /** Bytes of the header: session, sequence number, message count. */
    public static final int HEADER_LENGTH = 20;
    /** Bytes of the session field. */
    public static final int SESSION_LENGTH = 10;
    /** The message count that marks the end of a session. */
    public static final int END_OF_SESSION = 0xFFFF;
    /** Where the header's sequence number (u64, big-endian) is, from the payload's first byte. */
    public static final int SEQUENCE_AT = 10;
    /** Where the header's message count (u16, big-endian) is, from the payload's first byte. */
    public static final int COUNT_AT = 18;
    /** Bytes of the length (u16, big-endian) before each message. */
    public static final int LENGTH_PREFIX = 2;

    private DirectBuffer buffer;
    private int offset;
    private int length;
    private long sequenceNumber;
    private int messageCount;
    private int cursor;
    private int messageIndex;
    private int messageOffset;
    private int messageLength;

    /**
     * Points this flyweight at a payload and checks it: the header fits, every counted message
     * fits, and no bytes follow the last one. Iteration restarts at the first message.
     *
     * @param buffer the bytes
     * @param offset where the UDP payload starts in the buffer
     * @param length the UDP payload's length in bytes
     * @return this packet
     * @throws MoldFormatException naming the offset within the payload of the first fault
     */
    public MoldUdp64Packet wrap(final DirectBuffer buffer, final int offset, final int length) {
        if (length < HEADER_LENGTH) {
            throw new MoldFormatException(length, "payload of " + length + " bytes is shorter than the "
                + HEADER_LENGTH + "-byte MoldUDP64 header");
        }
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.sequenceNumber = buffer.getLong(offset + SEQUENCE_AT, ByteOrder.BIG_ENDIAN);
        this.messageCount = buffer.getShort(offset + COUNT_AT, ByteOrder.BIG_ENDIAN) & 0xFFFF;
        final int messages = carriedMessages();
        int at = HEADER_LENGTH;
        for (int i = 0; i < messages; i++) {
            if (at + LENGTH_PREFIX > length) {
                throw new MoldFormatException(at, "message " + (i + 1) + " of " + messages
                    + ": its length field runs past the payload's end (" + length + " bytes)");
            }
            final int size = buffer.getShort(offset + at, ByteOrder.BIG_ENDIAN) & 0xFFFF;
            if (at + LENGTH_PREFIX + size > length) {
                throw new MoldFormatException(at, "message " + (i + 1) + " of " + messages + " has length " + size
                    + " and runs past the payload's end (" + length + " bytes)");
            }
            at += LENGTH_PREFIX + size;
        }
        if (at != length) {
            throw new MoldFormatException(at, (length - at) + " bytes follow the last of " + messages + " messages");
        }
        rewind();
        return this;
    }

    /** Restarts iteration at the first message. */
    public void rewind() {
        cursor = HEADER_LENGTH;
        messageIndex = -1;
        messageOffset = -1;
        messageLength = 0;
    }

    /**
     * Moves to the next message.
     *
     * @return true if there was one; then {@link #messageOffset()} and {@link #messageLength()} describe it
     */
    public boolean next() {
        if (messageIndex + 1 >= carriedMessages()) {
            return false;
        }
        messageIndex++;
        messageLength = buffer.getShort(offset + cursor, ByteOrder.BIG_ENDIAN) & 0xFFFF;
        messageOffset = offset + cursor + LENGTH_PREFIX;
        cursor += LENGTH_PREFIX + messageLength;
        return true;
    }

    /** @return the buffer the packet lies in */
    public DirectBuffer buffer() {
        return buffer;
    }

    /** @return where the payload starts in {@link #buffer()} */
    public int offset() {
        return offset;
    }

    /** @return the payload's length in bytes */
    public int length() {
        return length;
    }

    /** @return the sequence number of the packet's first message (for a heartbeat or end of session, the next expected one) */
    public long sequenceNumber() {
        return sequenceNumber;
    }

    /** @return the header's message count as sent: 0 for a heartbeat, {@value #END_OF_SESSION} for end of session */
    public int messageCount() {
        return messageCount;
    }

    /** @return the number of messages the packet carries: the count, or 0 for end of session */
    public int carriedMessages() {
        return messageCount == END_OF_SESSION ? 0 : messageCount;
    }

    /** @return true if the packet carries no message and keeps the session alive */
    public boolean isHeartbeat() {
        return messageCount == 0;
    }

    /** @return true if the packet marks the end of its session */
    public boolean isEndOfSession() {
        return messageCount == END_OF_SESSION;
    }

    /** @return the current message's offset in {@link #buffer()} (after its length prefix), or -1 before {@link #next()} */
    public int messageOffset() {
        return messageOffset;
    }

    /** @return the current message's length in bytes, without its length prefix */
    public int messageLength() {
        return messageLength;
    }

    /** @return the current message's 0-based index within the packet */
    public int messageIndex() {
        return messageIndex;
    }

    /** @return the current message's sequence number: the packet's plus the message's index */
    public long messageSequenceNumber() {
        return sequenceNumber + messageIndex;
    }

    /**
     * @param session {@value #SESSION_LENGTH} bytes
     * @return true if this packet's session field holds exactly these bytes
     */
    public boolean sessionEquals(final byte[] session) {
        for (int i = 0; i < SESSION_LENGTH; i++) {
            if (buffer.getByte(offset + i) != session[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * @return a hash of the session field's bytes, equal for equal fields, so that finding a packet's session among
     *     many takes one comparison or a few rather than one per session
     */
    public int sessionHash() {
        final long mixed = (buffer.getLong(offset, ByteOrder.BIG_ENDIAN) + buffer.getShort(offset + 8, ByteOrder.BIG_ENDIAN))
            * 0x9E37_79B9_7F4A_7C15L;
        return (int) (mixed ^ (mixed >>> 32));
    }

    /**
     * Copies the session field without allocating.
     *
     * @param destination receives {@value #SESSION_LENGTH} bytes at index 0
     */
    public void copySession(final byte[] destination) {
        buffer.getBytes(offset, destination, 0, SESSION_LENGTH);
    }

    /** @return the session field as text, spaces kept; allocates, so for reports rather than per packet */
    public String sessionText() {
        final byte[] session = new byte[SESSION_LENGTH];
        copySession(session);
        return new String(session, StandardCharsets.US_ASCII);
    }
}
