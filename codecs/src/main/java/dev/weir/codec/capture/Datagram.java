package dev.weir.codec.capture;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * A UDP datagram found in a captured packet, a reusable view that {@link DatagramDecoder#decode} overwrites: the
 * addresses and the payload are offsets into {@link #buffer()} (the capture's mapping), valid while the capture
 * is open. Ports are 0..65535. Not thread-safe; one per reading thread.
 */
public final class Datagram {
    private DirectBuffer buffer;
    private int ipVersion;
    private int sourceAddressOffset;
    private int destinationAddressOffset;
    private int sourcePort;
    private int destinationPort;
    private int payloadOffset;
    private int payloadLength;
    private int vlanTags;
    private int extensionHeaders;

    void set(final DirectBuffer buffer, final int ipVersion, final int sourceAddressOffset, final int destinationAddressOffset,
            final int vlanTags, final int extensionHeaders) {
        this.buffer = buffer;
        this.ipVersion = ipVersion;
        this.sourceAddressOffset = sourceAddressOffset;
        this.destinationAddressOffset = destinationAddressOffset;
        this.vlanTags = vlanTags;
        this.extensionHeaders = extensionHeaders;
    }

    void udp(final int sourcePort, final int destinationPort, final int payloadOffset, final int payloadLength) {
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.payloadOffset = payloadOffset;
        this.payloadLength = payloadLength;
    }

    /**
     * Points the view at a packet of link type {@link LinkType#ITCH_MESSAGE}: the payload is the message; there are no
     * addresses (IP version 0) and no ports.
     *
     * @param message one message of a file of length-prefixed ITCH messages
     */
    public void message(final CapturePacket message) {
        set(message.buffer(), 0, message.offset(), message.offset(), 0, 0);
        udp(0, 0, message.offset(), message.capturedLength());
    }

    /** @return the capture's window the offsets point into */
    public DirectBuffer buffer() {
        return buffer;
    }

    /** @return 4 or 6 */
    public int ipVersion() {
        return ipVersion;
    }

    /** @return the length of each address in bytes: 4 for IPv4, 16 for IPv6 */
    public int addressLength() {
        return ipVersion == 4 ? 4 : 16;
    }

    /** @return the index in {@link #buffer()} of the source address (network byte order) */
    public int sourceAddressOffset() {
        return sourceAddressOffset;
    }

    /** @return the index in {@link #buffer()} of the destination address (network byte order) */
    public int destinationAddressOffset() {
        return destinationAddressOffset;
    }

    /** @return the IPv4 source address as an int (a.b.c.d is a << 24 | ...); meaningless for IPv6 */
    public int sourceIpv4() {
        return buffer.getInt(sourceAddressOffset, ByteOrder.BIG_ENDIAN);
    }

    /** @return the IPv4 destination address as an int (a.b.c.d is a << 24 | ...); meaningless for IPv6 */
    public int destinationIpv4() {
        return buffer.getInt(destinationAddressOffset, ByteOrder.BIG_ENDIAN);
    }

    /** @return the UDP source port */
    public int sourcePort() {
        return sourcePort;
    }

    /** @return the UDP destination port */
    public int destinationPort() {
        return destinationPort;
    }

    /** @return the index in {@link #buffer()} of the UDP payload's first byte */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** @return the UDP payload's length in bytes: the UDP length field less its 8-byte header */
    public int payloadLength() {
        return payloadLength;
    }

    /** @return how many 802.1Q/802.1ad VLAN tags the Ethernet header carried (0 for other link types) */
    public int vlanTags() {
        return vlanTags;
    }

    /** @return how many IPv6 extension headers were skipped before the UDP header (0 for IPv4) */
    public int extensionHeaders() {
        return extensionHeaders;
    }
}
