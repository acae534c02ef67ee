package dev.weir.codec.itch;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.agrona.ExpandableArrayBuffer;

/** Test builder: writes wire fields big-endian, one after the other, as the exchange would. */
final class BigEndianWriter {
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(64);
    private int position;

    BigEndianWriter ch(final char value) {
        buffer.putByte(position++, (byte) value);
        return this;
    }

    BigEndianWriter u16(final int value) {
        buffer.putShort(position, (short) value, ByteOrder.BIG_ENDIAN);
        position += 2;
        return this;
    }

    BigEndianWriter u32(final long value) {
        buffer.putInt(position, (int) value, ByteOrder.BIG_ENDIAN);
        position += 4;
        return this;
    }

    BigEndianWriter u48(final long value) {
        u16((int) (value >>> 32));
        return u32(value & 0xFFFF_FFFFL);
    }

    BigEndianWriter u64(final long value) {
        buffer.putLong(position, value, ByteOrder.BIG_ENDIAN);
        position += 8;
        return this;
    }

    /** ASCII text, right-padded with spaces to the width. */
    BigEndianWriter alpha(final String text, final int width) {
        final byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < width; i++) {
            buffer.putByte(position++, i < bytes.length ? bytes[i] : (byte) ' ');
        }
        return this;
    }

    /** The ITCH header every message starts with: type, stock locate, tracking number, timestamp. */
    BigEndianWriter itchHeader(final char type, final int locate, final int tracking, final long timestamp) {
        return ch(type).u16(locate).u16(tracking).u48(timestamp);
    }

    BigEndianWriter bytes(final byte[] bytes) {
        buffer.putBytes(position, bytes);
        position += bytes.length;
        return this;
    }

    byte[] toBytes() {
        return Arrays.copyOf(buffer.byteArray(), position);
    }

    /** A MoldUDP64 payload carrying the messages, each length-prefixed. */
    static byte[] moldPacket(final String session, final long sequence, final int count, final byte[]... messages) {
        final BigEndianWriter writer = new BigEndianWriter().alpha(session, 10).u64(sequence).u16(count);
        for (final byte[] message : messages) {
            writer.u16(message.length).bytes(message);
        }
        return writer.toBytes();
    }

    /** A MoldUDP64 payload whose count is the number of messages. */
    static byte[] moldPacket(final String session, final long sequence, final byte[]... messages) {
        return moldPacket(session, sequence, messages.length, messages);
    }
}
