package dev.weir.codec.itch;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * What every ITCH 5.0 flyweight decoder shares: the header fields (type, stock locate, tracking
 * number, timestamp) and big-endian field reads at offsets from the message's type byte. A
 * decoder reads the buffer in place on every call, copies nothing and allocates nothing; one
 * instance is re-pointed at message after message; its accessors read whatever the buffer holds at
 * the time, so they are only meaningful after {@link #wrap} and while the bytes stay. Not thread-safe.
 *
 * <p>Units: prices are unsigned 4-decimal fixed point (1,234,500 is 123.4500 dollars) in a long;
 * share counts are unsigned, in a long; order reference and match numbers are unsigned 64-bit
 * values in a long's bits; text fields are in {@link Alpha}'s form; timestamps are nanoseconds
 * since midnight.
 *
 * @param <T> the decoder's own class, which {@link #wrap} returns
 */
public abstract class ItchMessage<T extends ItchMessage<T>> {
    private static final int STOCK_LOCATE_AT = 1;
    private static final int TRACKING_NUMBER_AT = 3;
    private static final int TIMESTAMP_AT = 5;

    private final ItchMessageType[] types;
    private DirectBuffer buffer;
    private int offset;

    ItchMessage(final ItchMessageType... types) {
        this.types = types;
    }

    /**
     * Points the decoder at a message.
     *
     * @param buffer the bytes
     * @param offset where the message's type byte is
     * @param length the message's length in bytes
     * @return this decoder
     * @throws IllegalArgumentException if the message is not of this decoder's type or not of its length
     *     (classify messages with {@link ItchMessageCounts} first)
     */
    @SuppressWarnings("unchecked")
    public final T wrap(final DirectBuffer buffer, final int offset, final int length) {
        final ItchMessageType type = ItchMessageType.of(buffer.getByte(offset));
        if (!decodes(type) || type.length() != length) {
            throw new IllegalArgumentException("a " + length + "-byte message of type '"
                + (char) (buffer.getByte(offset) & 0xFF) + "' is not for " + getClass().getSimpleName());
        }
        this.buffer = buffer;
        this.offset = offset;
        return (T) this;
    }

    private boolean decodes(final ItchMessageType type) {
        for (final ItchMessageType decoded : types) {
            if (decoded == type) {
                return true;
            }
        }
        return false;
    }

    /** @return the message's type */
    public final ItchMessageType type() {
        return ItchMessageType.of(buffer.getByte(offset));
    }

    /** @return the stock locate code: the day's number for the stock, 0 for messages about no stock */
    public final int stockLocate() {
        return u16(STOCK_LOCATE_AT);
    }

    /** @return the exchange's internal tracking number */
    public final int trackingNumber() {
        return u16(TRACKING_NUMBER_AT);
    }

    /** @return nanoseconds since midnight (the 6-byte field, 0 to 86,400 × 10⁹) */
    public final long timestamp() {
        return timestamp(buffer, offset);
    }

    /**
     * Reads the header timestamp of any message, well-formed for its type, without a decoder of that type.
     *
     * @param buffer the bytes
     * @param offset where the message's type byte is
     * @return nanoseconds since midnight (the 6-byte field, 0 to 86,400 × 10⁹)
     */
    public static long timestamp(final DirectBuffer buffer, final int offset) {
        return (long) (buffer.getShort(offset + TIMESTAMP_AT, ByteOrder.BIG_ENDIAN) & 0xFFFF) << 32
                | buffer.getInt(offset + TIMESTAMP_AT + 2, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
    }

    final char ascii(final int at) {
        return (char) (buffer.getByte(offset + at) & 0xFF);
    }

    final int u16(final int at) {
        return buffer.getShort(offset + at, ByteOrder.BIG_ENDIAN) & 0xFFFF;
    }

    final long u32(final int at) {
        return buffer.getInt(offset + at, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
    }

    /** An unsigned 64-bit field as a long's bit pattern: above 2^63 - 1 it reads negative. */
    final long u64(final int at) {
        return buffer.getLong(offset + at, ByteOrder.BIG_ENDIAN);
    }

    /** An 8-byte text field in {@link Alpha}'s form. */
    final long alpha8(final int at) {
        return buffer.getLong(offset + at, ByteOrder.BIG_ENDIAN);
    }
}
