package dev.weir.codec.capture;

/**
 * The link-layer header types (tcpdump.org LINKTYPE_ values) that {@link DatagramDecoder} understands; a
 * capture may carry any other value, whose packets are counted as undecodable.
 */
public final class LinkType {
    /** BSD loopback: a 4-byte address family in the capturing host's byte order. */
    public static final int NULL = 0;
    /** Ethernet II, optionally with 802.1Q/802.1ad VLAN tags. */
    public static final int EN10MB = 1;
    /** Raw IPv4 or IPv6, told apart by the version nibble. */
    public static final int RAW = 101;
    /** OpenBSD loopback: a 4-byte address family in network byte order. */
    public static final int LOOP = 108;
    /** Linux "cooked" capture, version 1 (16-byte header). */
    public static final int LINUX_SLL = 113;
    /** Raw IPv4. */
    public static final int IPV4 = 228;
    /** Raw IPv6. */
    public static final int IPV6 = 229;
    /** Linux "cooked" capture, version 2 (20-byte header). */
    public static final int LINUX_SLL2 = 276;
    /**
     * Not a tcpdump link type (those are 16 bits): the packet is one ITCH 5.0 message of a file of length-prefixed
     * messages ({@link CaptureFormat#ITCH_MESSAGES}), with no link, IP or UDP header around it.
     */
    public static final int ITCH_MESSAGE = 0x10000;

    private LinkType() {
    }
}
