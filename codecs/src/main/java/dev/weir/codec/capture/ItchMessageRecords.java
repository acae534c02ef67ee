package dev.weir.codec.capture;

import dev.weir.codec.itch.ItchMessage;
import dev.weir.codec.itch.ItchMessageType;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * The messages of a file of length-prefixed ITCH 5.0 messages ({@link CaptureFormat#ITCH_MESSAGES}), each delivered
 * as a packet of link type {@link LinkType#ITCH_MESSAGE}: its bytes are the message (type byte first), its
 * timestamp the message's (nanoseconds since midnight, as the epoch's first day; 0 for a message too short to have
 * one, which then keeps the one before it), its file offset that of its length field. Unlike a pcap, a file that
 * ends inside a message is corrupt, not cut short: the message is named in a {@link CaptureFormatException}; so is a
 * length of 0. Read through a {@link CaptureWindow} window; allocates nothing per message.
 */
final class ItchMessageRecords implements PacketSource {
    /** How many bytes at the start of a file the format is recognised from. */
    static final int DETECTED_BYTES = 256;
    /** Messages that must have an ITCH 5.0 type and its length (fewer if the file has fewer). */
    private static final int DETECTED_MESSAGES = 4;
    private static final int LENGTH_FIELD = 2;
    private static final int TIMESTAMPED_LENGTH = 11;

    private final String name;
    private final CaptureWindow window;
    private final DirectBuffer buffer;
    /** The index in the window of the next message's length field. */
    private int position;
    private long ordinal;
    private long lastTimestamp;

    ItchMessageRecords(final String name, final CaptureWindow window) {
        this.name = name;
        this.window = window;
        this.buffer = window.buffer();
    }

    /**
     * @param buffer the window at the start of the file
     * @param available how many bytes of it are the file's, at most {@link #DETECTED_BYTES}
     * @return true if the bytes start with length-prefixed ITCH 5.0 messages: the first few (at least one complete
     *     one) have a known type and that type's length
     */
    static boolean detect(final DirectBuffer buffer, final int available) {
        int at = 0;
        int messages = 0;
        while (messages < DETECTED_MESSAGES && at + LENGTH_FIELD < available) {
            final int length = buffer.getShort(at, ByteOrder.BIG_ENDIAN) & 0xFFFF;
            final ItchMessageType type = ItchMessageType.of(buffer.getByte(at + LENGTH_FIELD));
            if (type == null || type.length() != length) {
                return false;
            }
            if (at + LENGTH_FIELD + length > available) {
                break;
            }
            messages++;
            at += LENGTH_FIELD + length;
        }
        return messages > 0;
    }

    @Override
    public boolean next(final CapturePacket packet) {
        position = window.slide(position, LENGTH_FIELD);
        final int remaining = buffer.capacity() - position;
        if (remaining == 0) {
            return false;
        }
        if (remaining < LENGTH_FIELD) {
            throw corrupt("the file ends inside the length field of message " + (ordinal + 1) + " (1 of its 2 bytes)");
        }
        final int length = buffer.getShort(position, ByteOrder.BIG_ENDIAN) & 0xFFFF;
        if (length == 0) {
            throw corrupt("message length 0: every ITCH message has at least its type byte");
        }
        position = window.slide(position, LENGTH_FIELD + length);
        final int following = buffer.capacity() - position - LENGTH_FIELD;
        if (following < length) {
            throw corrupt("the file ends inside message " + (ordinal + 1) + ": its length field says " + length + " bytes, "
                    + following + " follow");
        }
        final int message = position + LENGTH_FIELD;
        if (length >= TIMESTAMPED_LENGTH) {
            lastTimestamp = ItchMessage.timestamp(buffer, message);
        }
        ordinal++;
        packet.set(buffer, window.start(), 0, LinkType.ITCH_MESSAGE, lastTimestamp, length, length, message, ordinal,
                window.start() + position);
        position += LENGTH_FIELD + length;
        return true;
    }

    private CaptureReadException corrupt(final String reason) {
        return new CaptureReadException(window.start() + position, reason);
    }

    @Override
    public long truncatedAt() {
        return -1;
    }

    @Override
    public void rewind() {
        position = 0;
        ordinal = 0;
        lastTimestamp = 0;
    }
}
