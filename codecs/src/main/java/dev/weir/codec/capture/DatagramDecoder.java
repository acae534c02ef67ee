package dev.weir.codec.capture;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * Finds the UDP datagram in a captured packet: link layer (Ethernet with stacked VLAN tags, Linux cooked v1 and
 * v2, raw IP, BSD/OpenBSD loopback in either byte order), then IPv4 (with options) or IPv6 (with hop-by-hop,
 * routing, destination-options and authentication headers skipped), then UDP. Whatever is not a whole,
 * unfragmented UDP datagram the filter keeps is counted by why and skipped; UDP checksums are not checked. A
 * datagram whose bytes run past the captured ones in a packet that the capture's snapshot length cut (captured
 * length below the original length) is counted apart from the malformed ones: it was well-formed on the wire. The
 * IP length is not taken on trust either: a UDP length shorter than the IP packet's payload (an IP length past the
 * captured bytes included) is the datagram, decoded and counted ({@link #lengthMismatches()}); a UDP length longer
 * than it is malformed, the datagram is not whole.
 *
 * <p>Not thread-safe; one per reading thread. {@link #decode} allocates nothing.
 */
public final class DatagramDecoder {
    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88A8;
    private static final int ETHERTYPE_QINQ_OLD = 0x9100;
    private static final int PROTOCOL_UDP = 17;
    private static final int UDP_HEADER = 8;
    /** Returned by the link decoders when the packet is not IP. */
    private static final int NOT_IP = -1;
    /** Returned by the link decoders when the link header is not all there. */
    private static final int SHORT = -2;
    /** Returned for a link type this decoder does not know. */
    private static final int UNSUPPORTED_LINK = -3;

    private final DatagramFilter filter;
    private long datagrams;
    private long fragments;
    private long notUdp;
    private long malformed;
    private long unsupportedLink;
    private long filteredOut;
    private long cutBySnapLength;
    private long lengthMismatches;
    private int vlanTags;
    /** Whether the packet being decoded was cut by the snapshot length: its captured bytes are fewer than its original. */
    private boolean snapped;

    /** @param filter the datagrams to keep */
    public DatagramDecoder(final DatagramFilter filter) {
        this.filter = filter;
    }

    /**
     * @param packet a packet from a {@link CaptureFile}
     * @param datagram the view to overwrite
     * @return whether the packet holds a whole UDP datagram the filter keeps (then {@code datagram} describes it); if
     *     not, one skip counter went up and {@code datagram} holds nothing useful
     */
    public boolean decode(final CapturePacket packet, final Datagram datagram) {
        final DirectBuffer buffer = packet.buffer();
        final int start = packet.offset();
        final int end = start + packet.capturedLength();
        vlanTags = 0;
        snapped = packet.originalLength() > packet.capturedLength();
        final int network = switch (packet.linkType()) {
            case LinkType.EN10MB -> ethernet(buffer, start, end);
            case LinkType.LINUX_SLL -> etherType(buffer, start + 14, start + 16, end);
            case LinkType.LINUX_SLL2 -> etherType(buffer, start, start + 20, end);
            case LinkType.NULL, LinkType.LOOP -> loopback(buffer, start, end);
            case LinkType.RAW, LinkType.IPV4, LinkType.IPV6 -> start;
            default -> UNSUPPORTED_LINK;
        };
        if (network == NOT_IP) {
            notUdp++;
            return false;
        }
        if (network == SHORT) {
            notAllCaptured();
            return false;
        }
        if (network == UNSUPPORTED_LINK) {
            unsupportedLink++;
            return false;
        }
        if (network >= end) {
            notAllCaptured();
            return false;
        }
        final int version = (buffer.getByte(network) & 0xF0) >>> 4;
        final boolean kept;
        if (version == 4) {
            kept = ipv4(buffer, network, end, datagram);
        } else if (version == 6) {
            kept = ipv6(buffer, network, end, datagram);
        } else {
            notUdp++;
            kept = false;
        }
        if (!kept) {
            return false;
        }
        if (!filter.accepts(datagram)) {
            filteredOut++;
            return false;
        }
        datagrams++;
        return true;
    }

    private int ethernet(final DirectBuffer buffer, final int start, final int end) {
        int typeAt = start + 12;
        while (typeAt + 2 <= end) {
            final int type = buffer.getShort(typeAt, ByteOrder.BIG_ENDIAN) & 0xFFFF;
            if (type != ETHERTYPE_VLAN && type != ETHERTYPE_QINQ && type != ETHERTYPE_QINQ_OLD) {
                return etherType(buffer, typeAt, typeAt + 2, end);
            }
            vlanTags++;
            typeAt += 4;
        }
        return SHORT;
    }

    /** @return {@code network} if the 2-byte EtherType at {@code typeAt} is IP, else {@link #NOT_IP} or {@link #SHORT} */
    private static int etherType(final DirectBuffer buffer, final int typeAt, final int network, final int end) {
        if (typeAt + 2 > end) {
            return SHORT;
        }
        final int type = buffer.getShort(typeAt, ByteOrder.BIG_ENDIAN) & 0xFFFF;
        return type == ETHERTYPE_IPV4 || type == ETHERTYPE_IPV6 ? network : NOT_IP;
    }

    private static int loopback(final DirectBuffer buffer, final int start, final int end) {
        if (start + 4 > end) {
            return SHORT;
        }
        int family = buffer.getInt(start, ByteOrder.LITTLE_ENDIAN);
        if ((family & 0xFFFF_0000) != 0) {
            // written in the other byte order (the capturing host's for NULL, network order for LOOP)
            family = Integer.reverseBytes(family);
        }
        // AF_INET is 2 everywhere; AF_INET6 is 10 on Linux, 24 on NetBSD/OpenBSD, 28 on FreeBSD, 30 on macOS
        return family == 2 || family == 10 || family == 24 || family == 28 || family == 30 ? start + 4 : NOT_IP;
    }

    private boolean ipv4(final DirectBuffer buffer, final int start, final int end, final Datagram datagram) {
        if (start + 20 > end) {
            notAllCaptured();
            return false;
        }
        final int headerLength = (buffer.getByte(start) & 0x0F) * 4;
        final int totalLength = buffer.getShort(start + 2, ByteOrder.BIG_ENDIAN) & 0xFFFF;
        if (headerLength < 20 || totalLength < headerLength) {
            malformed++;
            return false;
        }
        if (start + headerLength > end) {
            notAllCaptured();
            return false;
        }
        final int fragment = buffer.getShort(start + 6, ByteOrder.BIG_ENDIAN) & 0x3FFF; // more-fragments flag and offset
        if (fragment != 0) {
            fragments++;
            return false;
        }
        if ((buffer.getByte(start + 9) & 0xFF) != PROTOCOL_UDP) {
            notUdp++;
            return false;
        }
        datagram.set(buffer, 4, start + 12, start + 16, vlanTags, 0);
        return udp(buffer, start + headerLength, start + totalLength, end, datagram);
    }

    private boolean ipv6(final DirectBuffer buffer, final int start, final int end, final Datagram datagram) {
        if (start + 40 > end) {
            notAllCaptured();
            return false;
        }
        final int ipEnd = start + 40 + (buffer.getShort(start + 4, ByteOrder.BIG_ENDIAN) & 0xFFFF);
        int next = buffer.getByte(start + 6) & 0xFF;
        int header = start + 40;
        int extensions = 0;
        while (next != PROTOCOL_UDP) {
            if (next == 44) {
                fragments++;
                return false;
            }
            if (next != 0 && next != 43 && next != 60 && next != 51) {
                notUdp++;
                return false;
            }
            if (header + 8 > end) {
                notAllCaptured();
                return false;
            }
            final int lengthField = buffer.getByte(header + 1) & 0xFF;
            final int length = next == 51 ? (lengthField + 2) * 4 : (lengthField + 1) * 8;
            next = buffer.getByte(header) & 0xFF;
            header += length;
            extensions++;
        }
        datagram.set(buffer, 6, start + 8, start + 24, vlanTags, extensions);
        return udp(buffer, header, ipEnd, end, datagram);
    }

    /**
     * @param start the UDP header's index
     * @param ipEnd where the IP header's length says the datagram ends
     * @param end where the captured bytes end
     */
    private boolean udp(final DirectBuffer buffer, final int start, final int ipEnd, final int end, final Datagram datagram) {
        if (start + UDP_HEADER > ipEnd) {
            malformed++;
            return false;
        }
        if (start + UDP_HEADER > end) {
            notAllCaptured();
            return false;
        }
        final int length = buffer.getShort(start + 4, ByteOrder.BIG_ENDIAN) & 0xFFFF;
        if (length < UDP_HEADER) {
            malformed++;
            return false;
        }
        final int udpEnd = start + length;
        if (udpEnd > ipEnd) {
            // the datagram claims more than its IP packet holds: not whole, whatever was captured
            malformed++;
            return false;
        }
        if (udpEnd > end) {
            notAllCaptured();
            return false;
        }
        if (udpEnd < ipEnd) {
            // the smaller length is the datagram's; the IP length may even run past the captured bytes
            lengthMismatches++;
        }
        datagram.udp(buffer.getShort(start, ByteOrder.BIG_ENDIAN) & 0xFFFF, buffer.getShort(start + 2, ByteOrder.BIG_ENDIAN) & 0xFFFF,
                start + UDP_HEADER, length - UDP_HEADER);
        return true;
    }

    /** Counts a packet whose headers run past its captured bytes: cut by the snapshot length, or else malformed. */
    private void notAllCaptured() {
        if (snapped) {
            cutBySnapLength++;
        } else {
            malformed++;
        }
    }

    /** @return packets decoded into a datagram the filter kept */
    public long datagrams() {
        return datagrams;
    }

    /** @return IP fragments skipped (IPv4 with more-fragments or an offset, IPv6 with a fragment header) */
    public long fragments() {
        return fragments;
    }

    /** @return packets skipped because they are not IP, or IP but not UDP */
    public long notUdp() {
        return notUdp;
    }

    /**
     * @return packets skipped because a header is inconsistent, or runs past the captured bytes of a packet the
     *     snapshot length did not cut
     */
    public long malformed() {
        return malformed;
    }

    /**
     * @return packets skipped because their datagram runs past the captured bytes of a packet that the capture's
     *     snapshot length cut (captured length below the original length): well-formed, but not all captured
     */
    public long cutBySnapLength() {
        return cutBySnapLength;
    }

    /**
     * @return datagrams (kept or filtered out) whose UDP length is shorter than their IP packet's payload, decoded by
     *     the UDP length, the smaller
     */
    public long lengthMismatches() {
        return lengthMismatches;
    }

    /** @return packets skipped because their link type is none of {@link LinkType}'s */
    public long unsupportedLink() {
        return unsupportedLink;
    }

    /** @return UDP datagrams the filter did not keep */
    public long filteredOut() {
        return filteredOut;
    }
}
