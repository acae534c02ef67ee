package dev.weir.codec.capture;

import static dev.weir.codec.capture.PacketBytes.TCP;
import static dev.weir.codec.capture.PacketBytes.UDP;
import static dev.weir.codec.capture.PacketBytes.address;
import static dev.weir.codec.capture.PacketBytes.concat;
import static dev.weir.codec.capture.PacketBytes.ethernet;
import static dev.weir.codec.capture.PacketBytes.extension;
import static dev.weir.codec.capture.PacketBytes.ipv4;
import static dev.weir.codec.capture.PacketBytes.ipv4Udp;
import static dev.weir.codec.capture.PacketBytes.ipv6;
import static dev.weir.codec.capture.PacketBytes.linuxCooked;
import static dev.weir.codec.capture.PacketBytes.linuxCooked2;
import static dev.weir.codec.capture.PacketBytes.loopback;
import static dev.weir.codec.capture.PacketBytes.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Decoding UDP datagrams from every supported link type, IPv4 and IPv6; skipping and counting the rest. */
class DatagramDecoderTest {
    private static final int[] LINKS = {LinkType.EN10MB, LinkType.LINUX_SLL, LinkType.LINUX_SLL2, LinkType.RAW, LinkType.NULL,
        LinkType.LOOP, LinkType.IPV4, LinkType.IPV6, 105};
    private static final int ETHERNET = 0;
    private static final int SLL = 1;
    private static final int SLL2 = 2;
    private static final int RAW = 3;
    private static final int NULL = 4;
    private static final int LOOP = 5;
    private static final int IPV4 = 6;
    private static final int IPV6 = 7;
    private static final int WIFI = 8;

    @TempDir
    Path dir;

    private static byte[] payload(final int... values) {
        final byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    private static String text(final Datagram d, final int offset) throws UnknownHostException {
        final byte[] bytes = new byte[d.addressLength()];
        d.buffer().getBytes(offset, bytes);
        return InetAddress.getByAddress(bytes).getHostAddress();
    }

    private static String line(final Datagram d) throws UnknownHostException {
        final StringBuilder payload = new StringBuilder();
        for (int i = 0; i < d.payloadLength(); i++) {
            payload.append(String.format("%02x", d.buffer().getByte(d.payloadOffset() + i)));
        }
        return "v" + d.ipVersion() + " " + text(d, d.sourceAddressOffset()) + ":" + d.sourcePort() + ">" + text(d, d.destinationAddressOffset())
                + ":" + d.destinationPort() + " vlan" + d.vlanTags() + " ext" + d.extensionHeaders() + " " + payload;
    }

    /** Decodes packets given as (interface of {@link #LINKS}, bytes) pairs; returns the datagrams' lines. */
    private List<String> decode(final DatagramDecoder decoder, final Object... packets) throws UnknownHostException {
        final CaptureBytes bytes = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).sectionHeader();
        for (final int link : LINKS) {
            bytes.interfaceDescription(link, 0, -1);
        }
        for (int i = 0; i < packets.length; i += 2) {
            final byte[] data = (byte[]) packets[i + 1];
            bytes.enhancedPacket((Integer) packets[i], i, data, data.length);
        }
        final List<String> lines = new ArrayList<>();
        try (CaptureFile file = CaptureFile.open(bytes.write(dir.resolve("d.pcapng")))) {
            final CapturePacket packet = new CapturePacket();
            final Datagram datagram = new Datagram();
            while (file.next(packet)) {
                if (decoder.decode(packet, datagram)) {
                    lines.add(line(datagram));
                }
            }
        }
        return lines;
    }

    private static String counts(final DatagramDecoder d) {
        return d.datagrams() + " datagrams, " + d.fragments() + " fragments, " + d.notUdp() + " not UDP, " + d.malformed() + " malformed, "
                + d.unsupportedLink() + " unsupported link, " + d.filteredOut() + " filtered out";
    }

    private static final byte[] V4 = ipv4Udp("10.0.0.1", "233.54.12.111", udp(40000, 26400, payload(1, 2, 3)));
    private static final byte[] V6 = ipv6("fe80::1", "ff02::1:3", UDP, udp(5353, 8125, payload(0x61, 0x3a)));

    @Test
    void everyLinkTypeCarriesIpv4AndIpv6() throws Exception {
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        final List<String> lines = decode(decoder,
                ETHERNET, ethernet(0x0800, V4),
                ETHERNET, ethernet(0x86DD, V6, 0x8100),
                ETHERNET, ethernet(0x0800, V4, 0x88A8, 0x8100),
                ETHERNET, ethernet(0x0800, V4, 0x9100, 0x8100, 0x8100),
                SLL, linuxCooked(0x0800, V4),
                SLL, linuxCooked(0x86DD, V6),
                SLL2, linuxCooked2(0x0800, V4),
                SLL2, linuxCooked2(0x86DD, V6),
                RAW, V4,
                RAW, V6,
                NULL, loopback(ByteOrder.LITTLE_ENDIAN, 2, V4),
                NULL, loopback(ByteOrder.BIG_ENDIAN, 2, V4),
                NULL, loopback(ByteOrder.LITTLE_ENDIAN, 30, V6),
                NULL, loopback(ByteOrder.BIG_ENDIAN, 24, V6),
                LOOP, loopback(ByteOrder.BIG_ENDIAN, 2, V4),
                LOOP, loopback(ByteOrder.BIG_ENDIAN, 28, V6),
                NULL, loopback(ByteOrder.LITTLE_ENDIAN, 10, V6),
                IPV4, V4,
                IPV6, V6);
        final String v4 = "v4 10.0.0.1:40000>233.54.12.111:26400 vlan0 ext0 010203";
        final String v6 = "v6 fe80:0:0:0:0:0:0:1:5353>ff02:0:0:0:0:0:1:3:8125 vlan0 ext0 613a";
        assertEquals(List.of(v4, v6.replace("vlan0", "vlan1"), v4.replace("vlan0", "vlan2"), v4.replace("vlan0", "vlan3"),
                v4, v6, v4, v6, v4, v6, v4, v4, v6, v6, v4, v6, v6, v4, v6), lines);
        assertEquals("19 datagrams, 0 fragments, 0 not UDP, 0 malformed, 0 unsupported link, 0 filtered out", counts(decoder));
    }

    @Test
    void ipv4OptionsAndIpv6ExtensionHeadersAreSkipped() throws Exception {
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        final byte[] udp = udp(1, 2, payload(9));
        final List<String> lines = decode(decoder,
                RAW, ipv4("192.168.1.2", "10.1.2.3", UDP, 0, new byte[4], udp),
                RAW, ipv4("192.168.1.2", "10.1.2.3", UDP, 0, new byte[40], udp),
                RAW, ipv6("::1", "::2", 0, concat(extension(60, 0, 8), extension(43, 1, 16), extension(51, 0, 8), extension(UDP, 1, 12), udp)));
        assertEquals(List.of("v4 192.168.1.2:1>10.1.2.3:2 vlan0 ext0 09", "v4 192.168.1.2:1>10.1.2.3:2 vlan0 ext0 09",
                "v6 0:0:0:0:0:0:0:1:1>0:0:0:0:0:0:0:2:2 vlan0 ext4 09"), lines);
    }

    @Test
    void theUdpLengthBoundsThePayloadNotTheFramesPadding() throws Exception {
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        final byte[] padded = concat(ethernet(0x0800, ipv4Udp("1.2.3.4", "5.6.7.8", udp(7, 8, payload(0xab)))), new byte[17]);
        assertEquals(List.of("v4 1.2.3.4:7>5.6.7.8:8 vlan0 ext0 ab"), decode(decoder, ETHERNET, padded));
    }

    @Test
    void fragmentsNonUdpMalformedAndUnknownLinksAreCountedAndSkipped() throws Exception {
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        final byte[] udp = udp(1, 2, payload(1, 2, 3, 4));
        final List<String> lines = decode(decoder,
                RAW, ipv4("1.1.1.1", "2.2.2.2", UDP, 0x2000, new byte[0], udp), // first fragment: more-fragments
                RAW, ipv4("1.1.1.1", "2.2.2.2", UDP, 0x0003, new byte[0], payload(5, 6, 7, 8)), // last fragment: an offset
                ETHERNET, ethernet(0x86DD, ipv6("::1", "::2", 0, concat(extension(44, 0, 8), udp))), // fragment header after hop-by-hop
                RAW, ipv4("1.1.1.1", "2.2.2.2", TCP, 0x4000, new byte[0], new byte[20]),
                RAW, ipv6("::1", "::2", TCP, new byte[20]),
                RAW, ipv6("::1", "::2", 58, new byte[8]), // ICMPv6
                ETHERNET, ethernet(0x0806, new byte[28]), // ARP
                NULL, loopback(ByteOrder.LITTLE_ENDIAN, 7, V4), // an unknown address family
                RAW, payload(0x20, 0, 0, 0), // IP version 2
                RAW, Arrays.copyOf(V4, 19), // IPv4 header cut
                RAW, Arrays.copyOf(V6, 39), // IPv6 header cut
                RAW, Arrays.copyOf(V4, V4.length - 1), // payload cut by a snapshot length
                RAW, ipv4("1.1.1.1", "2.2.2.2", UDP, 0, new byte[0], udp(1, 2, 7, payload())), // UDP length below 8
                RAW, ipv4("1.1.1.1", "2.2.2.2", UDP, 0, new byte[0], new byte[5]), // UDP header cut
                ETHERNET, Arrays.copyOf(ethernet(0x0800, V4, 0x8100), 15), // VLAN tag cut
                SLL, new byte[10], // link header cut
                WIFI, V4,
                RAW, V4);
        assertEquals(List.of("v4 10.0.0.1:40000>233.54.12.111:26400 vlan0 ext0 010203"), lines);
        assertEquals("1 datagrams, 3 fragments, 6 not UDP, 7 malformed, 1 unsupported link, 0 filtered out", counts(decoder));
    }

    @Test
    void theFilterKeepsADestinationPortAddressOrBoth() throws Exception {
        final Object[] packets = {
            RAW, ipv4Udp("10.0.0.1", "233.54.12.111", udp(1, 26400, payload(1))),
            RAW, ipv4Udp("10.0.0.1", "233.54.12.111", udp(1, 26401, payload(2))),
            RAW, ipv4Udp("10.0.0.1", "233.54.12.112", udp(1, 26400, payload(3))),
            RAW, ipv6("::1", "ff02::1:3", UDP, udp(1, 26400, payload(4))),
            RAW, ipv6("::1", "ff02::1:4", UDP, udp(1, 26400, payload(5)))};
        final DatagramDecoder port = new DatagramDecoder(DatagramFilter.any().destinationPort(26400));
        assertEquals(List.of("01", "03", "04", "05"), payloads(decode(port, packets)));
        assertEquals("4 datagrams, 0 fragments, 0 not UDP, 0 malformed, 0 unsupported link, 1 filtered out", counts(port));
        final DatagramDecoder v4 = new DatagramDecoder(DatagramFilter.any().destinationAddress(InetAddress.getByAddress(address("233.54.12.111"))));
        assertEquals(List.of("01", "02"), payloads(decode(v4, packets)));
        final DatagramDecoder v6 = new DatagramDecoder(DatagramFilter.any().destinationAddress(InetAddress.getByName("ff02::1:4")));
        assertEquals(List.of("05"), payloads(decode(v6, packets)));
        final DatagramDecoder both = new DatagramDecoder(DatagramFilter.any().destinationAddress(InetAddress.getByName("233.54.12.111"))
                .destinationPort(26401));
        assertEquals(List.of("02"), payloads(decode(both, packets)));
        assertEquals("1 datagrams, 0 fragments, 0 not UDP, 0 malformed, 0 unsupported link, 4 filtered out", counts(both));
    }

    private static List<String> payloads(final List<String> lines) {
        final List<String> payloads = new ArrayList<>();
        for (final String line : lines) {
            payloads.add(line.substring(line.lastIndexOf(' ') + 1));
        }
        return payloads;
    }
}
