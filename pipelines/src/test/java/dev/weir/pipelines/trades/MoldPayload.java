package dev.weir.pipelines.trades;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Test builder of one MoldUDP64 payload of ITCH 5.0 messages, written field by field as the exchange sends
 * them (big-endian, symbols space-padded). Every message gets tracking number 0.
 */
final class MoldPayload {
    private final ByteBuffer bytes = ByteBuffer.allocate(4096);
    private int messages;
    private int messageStart;

    /**
     * @param session the session, up to 10 characters
     * @param sequence the sequence number of the first message
     */
    MoldPayload(final String session, final long sequence) {
        text(session, 10);
        bytes.putLong(sequence).putShort((short) 0);
    }

    private void text(final String value, final int width) {
        final byte[] ascii = value.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < width; i++) {
            bytes.put(i < ascii.length ? ascii[i] : (byte) ' ');
        }
    }

    private MoldPayload begin(final char type, final int locate, final long timestampNanos) {
        messageStart = bytes.position();
        bytes.putShort((short) 0).put((byte) type).putShort((short) locate).putShort((short) 0)
            .putShort((short) (timestampNanos >>> 32)).putInt((int) timestampNanos);
        return this;
    }

    private MoldPayload end() {
        bytes.putShort(messageStart, (short) (bytes.position() - messageStart - 2));
        messages++;
        return this;
    }

    /** {@code A} (or {@code F} with an MPID). */
    MoldPayload add(final int locate, final long nanos, final long reference, final long shares, final String stock, final long price) {
        begin('A', locate, nanos).bytes.putLong(reference).put((byte) 'B').putInt((int) shares);
        text(stock, 8);
        bytes.putInt((int) price);
        return end();
    }

    MoldPayload addWithMpid(final int locate, final long nanos, final long reference, final long shares, final String stock,
            final long price) {
        begin('F', locate, nanos).bytes.putLong(reference).put((byte) 'S').putInt((int) shares);
        text(stock, 8);
        bytes.putInt((int) price);
        text("GSCO", 4);
        return end();
    }

    MoldPayload executed(final int locate, final long nanos, final long reference, final long shares) {
        begin('E', locate, nanos).bytes.putLong(reference).putInt((int) shares).putLong(reference ^ 0x5A5A);
        return end();
    }

    MoldPayload executedWithPrice(final int locate, final long nanos, final long reference, final long shares,
            final char printable, final long price) {
        begin('C', locate, nanos).bytes.putLong(reference).putInt((int) shares).putLong(reference ^ 0xA5A5)
            .put((byte) printable).putInt((int) price);
        return end();
    }

    MoldPayload cancel(final int locate, final long nanos, final long reference, final long shares) {
        begin('X', locate, nanos).bytes.putLong(reference).putInt((int) shares);
        return end();
    }

    MoldPayload delete(final int locate, final long nanos, final long reference) {
        begin('D', locate, nanos).bytes.putLong(reference);
        return end();
    }

    MoldPayload replace(final int locate, final long nanos, final long original, final long replacement, final long shares,
            final long price) {
        begin('U', locate, nanos).bytes.putLong(original).putLong(replacement).putInt((int) shares).putInt((int) price);
        return end();
    }

    /** {@code P}, a trade against a non-displayed order. */
    MoldPayload trade(final int locate, final long nanos, final long shares, final String stock, final long price) {
        begin('P', locate, nanos).bytes.putLong(0).put((byte) 'B').putInt((int) shares);
        text(stock, 8);
        bytes.putInt((int) price).putLong(nanos);
        return end();
    }

    /** {@code Q}, a cross. */
    MoldPayload cross(final int locate, final long nanos, final long shares, final String stock, final long price) {
        begin('Q', locate, nanos).bytes.putLong(shares);
        text(stock, 8);
        bytes.putInt((int) price).putLong(nanos).put((byte) 'O');
        return end();
    }

    /** {@code B}, a broken trade. */
    MoldPayload broken(final int locate, final long nanos, final long match) {
        begin('B', locate, nanos).bytes.putLong(match);
        return end();
    }

    /** A message of any bytes, for unknown types and wrong lengths. */
    MoldPayload raw(final byte... message) {
        bytes.putShort((short) message.length).put(message);
        messages++;
        return this;
    }

    /** @return the payload, its header counting the messages written */
    byte[] toBytes() {
        return withCount(messages);
    }

    /**
     * @param count the message count to write in the header, right or wrong
     * @return the payload
     */
    byte[] withCount(final int count) {
        final byte[] payload = Arrays.copyOf(bytes.array(), bytes.position());
        ByteBuffer.wrap(payload).putShort(18, (short) count);
        return payload;
    }
}
