package dev.weir.tools;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Builds hostile capture bytes field by field: pcap headers and records with any lengths, Ethernet frames with VLAN
 * stacks, IPv4 and IPv6 headers whose lengths may lie, and MoldUDP64 payloads of ITCH messages whose counts may lie.
 * Every length is written as given, so that a test can make it wrong on purpose.
 */
final class HostileCaptureBytes {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final ByteOrder order;

    HostileCaptureBytes(final ByteOrder order) {
        this.order = order;
    }

    static HostileCaptureBytes bigEndian() {
        return new HostileCaptureBytes(ByteOrder.BIG_ENDIAN);
    }

    HostileCaptureBytes int8(final int value) {
        bytes.write(value);
        return this;
    }

    HostileCaptureBytes int16(final int value) {
        return raw(ByteBuffer.allocate(2).order(order).putShort((short) value).array());
    }

    HostileCaptureBytes int32(final long value) {
        return raw(ByteBuffer.allocate(4).order(order).putInt((int) value).array());
    }

    HostileCaptureBytes int48(final long value) {
        return int16((int) (value >>> 32)).int32(value);
    }

    HostileCaptureBytes int64(final long value) {
        return raw(ByteBuffer.allocate(8).order(order).putLong(value).array());
    }

    HostileCaptureBytes raw(final byte[] data) {
        bytes.writeBytes(data);
        return this;
    }

    HostileCaptureBytes ascii(final String text) {
        return raw(text.getBytes(StandardCharsets.US_ASCII));
    }

    byte[] bytes() {
        return bytes.toByteArray();
    }

    /** A little-endian microsecond pcap file header. */
    static HostileCaptureBytes pcap(final long snapLength, final int linkType) {
        return new HostileCaptureBytes(ByteOrder.LITTLE_ENDIAN).int32(0xa1b2c3d4).int16(2).int16(4).int32(0).int32(0)
                .int32(snapLength).int32(linkType);
    }

    /** A pcap record at {@code second} whose captured and original lengths are those of the data. */
    HostileCaptureBytes record(final long second, final byte[] data) {
        return record(second, data.length, data.length, data);
    }

    HostileCaptureBytes record(final long second, final long captured, final long original, final byte[] data) {
        return int32(second).int32(0).int32(captured).int32(original).raw(data);
    }

    /** An Ethernet frame with {@code vlanTags} 802.1Q tags in front of the EtherType. */
    static byte[] ethernet(final int vlanTags, final int etherType, final byte[] network) {
        final HostileCaptureBytes frame = bigEndian().raw(new byte[12]);
        for (int i = 0; i < vlanTags; i++) {
            frame.int16(0x8100).int16(1);
        }
        return frame.int16(etherType).raw(network).bytes();
    }

    /** An IPv4 Ethernet frame of one UDP datagram to port 9000 with the true lengths. */
    static byte[] frame(final byte[] payload) {
        return ethernet(0, 0x0800, ipv4(5, 28 + payload.length, udp(payload.length + 8, payload)));
    }

    /** An IPv4 header with this header length in words and total length, from 10.0.0.1 to 10.0.0.2, then the bytes. */
    static byte[] ipv4(final int headerWords, final int totalLength, final byte[] udp) {
        return bigEndian().int8(0x40 | headerWords).int8(0).int16(totalLength).int32(0).int8(64).int8(17).int16(0)
                .int32(0x0a000001).int32(0x0a000002).raw(udp).bytes();
    }

    /** An IPv6 header whose next header is {@code next}, then the extension headers and the UDP datagram. */
    static byte[] ipv6(final int next, final byte[] extensions, final byte[] udp) {
        return bigEndian().int32(0x6000_0000L).int16(extensions.length + udp.length).int8(next).int8(64).raw(new byte[32])
                .raw(extensions).raw(udp).bytes();
    }

    /** A UDP header from port 1234 to 9000 claiming {@code length} bytes, then the payload. */
    static byte[] udp(final int length, final byte[] payload) {
        return bigEndian().int16(1234).int16(9000).int16(length).int16(0).raw(payload).bytes();
    }

    /** A MoldUDP64 payload of session {@code session} whose header claims {@code count} messages. */
    static byte[] mold(final String session, final long sequence, final int count, final byte[]... messages) {
        final HostileCaptureBytes payload = bigEndian().ascii(session).int64(sequence).int16(count);
        for (final byte[] message : messages) {
            payload.int16(message.length).raw(message);
        }
        return payload.bytes();
    }

    /** The 11-byte ITCH header: type, stock locate 1, tracking 0, the timestamp in nanoseconds since midnight. */
    static HostileCaptureBytes itch(final char type, final long nanos) {
        return bigEndian().int8(type).int16(1).int16(0).int48(nanos);
    }

    static byte[] addOrder(final long reference, final int shares, final long price) {
        return itch('A', 1_000).int64(reference).ascii("B").int32(shares).ascii("AAPL    ").int32(price).bytes();
    }

    static byte[] executed(final long reference, final int shares) {
        return itch('E', 2_000).int64(reference).int32(shares).int64(1).bytes();
    }

    static byte[] executedWithPrice(final long reference, final int shares, final long price) {
        return itch('C', 3_000).int64(reference).int32(shares).int64(1).ascii("Y").int32(price).bytes();
    }

    static byte[] cancel(final long reference, final int shares) {
        return itch('X', 4_000).int64(reference).int32(shares).bytes();
    }

    static byte[] delete(final long reference) {
        return itch('D', 5_000).int64(reference).bytes();
    }

    static byte[] replace(final long original, final long replacement, final int shares, final long price) {
        return itch('U', 6_000).int64(original).int64(replacement).int32(shares).int32(price).bytes();
    }

    static byte[] trade(final long nanos, final int shares, final long price) {
        return itch('P', nanos).int64(0).ascii("B").int32(shares).ascii("MSFT    ").int32(price).int64(1).bytes();
    }

    /** A little-endian pcapng section header block claiming {@code sectionLength} bytes (-1: not given). */
    static HostileCaptureBytes pcapng(final long sectionLength) {
        return new HostileCaptureBytes(ByteOrder.LITTLE_ENDIAN).sectionHeader(sectionLength);
    }

    HostileCaptureBytes sectionHeader(final long sectionLength) {
        return block(0x0A0D0D0A, new HostileCaptureBytes(order).int32(0x1A2B3C4D).int16(1).int16(0).int64(sectionLength).bytes());
    }

    /** An Ethernet interface description block with these option bytes. */
    HostileCaptureBytes interfaceDescription(final byte[] options) {
        return block(1, new HostileCaptureBytes(order).int16(1).int16(0).int32(65_535).raw(options).bytes());
    }

    /** An enhanced packet block of the interface at {@code micros}, whole. */
    HostileCaptureBytes enhancedPacket(final int interfaceIndex, final long micros, final byte[] data) {
        return block(6, new HostileCaptureBytes(order).int32(interfaceIndex).int32(micros >>> 32).int32(micros).int32(data.length)
                .int32(data.length).raw(data).bytes());
    }

    /** A block of this type around the body, padded to 4 bytes, its length at both ends. */
    HostileCaptureBytes block(final int type, final byte[] body) {
        final int padded = (body.length + 3) & ~3;
        return int32(type).int32(12 + padded).raw(body).raw(new byte[padded - body.length]).int32(12 + padded);
    }
}
