package dev.weir.codec.capture;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Builds packets byte by byte, network byte order: link headers, IPv4, IPv6 and UDP/TCP. */
final class PacketBytes {
    static final int UDP = 17;
    static final int TCP = 6;

    private PacketBytes() {
    }

    static byte[] address(final String text) {
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (final UnknownHostException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    static byte[] concat(final byte[]... parts) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final byte[] part : parts) {
            out.write(part, 0, part.length);
        }
        return out.toByteArray();
    }

    /** A UDP header (checksum 0) and payload; {@code length} is the header's length field. */
    static byte[] udp(final int sourcePort, final int destinationPort, final int length, final byte[] payload) {
        return concat(ByteBuffer.allocate(8).putShort((short) sourcePort).putShort((short) destinationPort).putShort((short) length)
                .putShort((short) 0).array(), payload);
    }

    static byte[] udp(final int sourcePort, final int destinationPort, final byte[] payload) {
        return udp(sourcePort, destinationPort, 8 + payload.length, payload);
    }

    /** An IPv4 header with {@code options} (a multiple of 4 bytes) and the given flags/fragment-offset field, then the body. */
    static byte[] ipv4(final String source, final String destination, final int protocol, final int fragmentField, final byte[] options,
            final byte[] body) {
        final int headerLength = 20 + options.length;
        return concat(ByteBuffer.allocate(20).put((byte) (0x40 | headerLength / 4)).put((byte) 0).putShort((short) (headerLength + body.length))
                .putShort((short) 0x1234).putShort((short) fragmentField).put((byte) 64).put((byte) protocol).putShort((short) 0)
                .put(address(source)).put(address(destination)).array(), options, body);
    }

    static byte[] ipv4Udp(final String source, final String destination, final byte[] udp) {
        return ipv4(source, destination, UDP, 0x4000, new byte[0], udp); // don't-fragment set, as most stacks send
    }

    /** An IPv6 header with next header {@code next}, then the body (extension headers included). */
    static byte[] ipv6(final String source, final String destination, final int next, final byte[] body) {
        return concat(ByteBuffer.allocate(40).putInt(0x6000_0000).putShort((short) body.length).put((byte) next).put((byte) 64)
                .put(address(source)).put(address(destination)).array(), body);
    }

    /** An IPv6 extension header of {@code length} bytes whose length field is {@code lengthField}. */
    static byte[] extension(final int next, final int lengthField, final int length) {
        final byte[] header = new byte[length];
        header[0] = (byte) next;
        header[1] = (byte) lengthField;
        return header;
    }

    static byte[] ethernet(final int etherType, final byte[] body, final int... vlanTypes) {
        final ByteBuffer header = ByteBuffer.allocate(14 + 4 * vlanTypes.length);
        header.put(new byte[] {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2});
        for (final int vlanType : vlanTypes) {
            header.putShort((short) vlanType).putShort((short) 100);
        }
        return concat(header.putShort((short) etherType).array(), body);
    }

    static byte[] linuxCooked(final int protocol, final byte[] body) {
        return concat(ByteBuffer.allocate(16).putShort((short) 0).putShort((short) 772).putShort((short) 6).put(new byte[8])
                .putShort((short) protocol).array(), body);
    }

    static byte[] linuxCooked2(final int protocol, final byte[] body) {
        return concat(ByteBuffer.allocate(20).putShort((short) protocol).putShort((short) 0).putInt(1).putShort((short) 772)
                .put((byte) 0).put((byte) 6).put(new byte[8]).array(), body);
    }

    static byte[] loopback(final ByteOrder order, final int family, final byte[] body) {
        return concat(ByteBuffer.allocate(4).order(order).putInt(family).array(), body);
    }
}
