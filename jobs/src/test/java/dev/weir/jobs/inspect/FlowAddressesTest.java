package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.codec.capture.LinkType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flow endpoints name their addresses as the replay names hosts: dotted IPv4, RFC 5952 IPv6 in brackets. */
class FlowAddressesTest {
    @TempDir
    Path dir;

    @Test
    void ipv4AndIpv6EndpointsAreWrittenInTheirUsualForms() throws IOException {
        final ByteArrayOutputStream capture = new ByteArrayOutputStream();
        final ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65_535).putInt(LinkType.RAW);
        capture.writeBytes(header.array());
        packet(capture, "192.0.2.1", 5000, "233.54.12.111", 26400);
        packet(capture, "2001:db8:0:0:0:0:0:7", 5001, "ff02:0:0:0:0:0:0:1", 8125);
        packet(capture, "0:0:0:0:0:0:0:1", 1, "fe80:0:0:0:0:0:0:abcd", 2);
        final Path file = Files.write(dir.resolve("flows.pcap"), capture.toByteArray());

        final List<String> flows = new ArrayList<>();
        for (final FlowCount flow : new CaptureInspector(InspectOptions.defaults()).inspect(List.of(file)).total().flows()) {
            flows.add(flow.source() + " -> " + flow.destination());
        }
        assertEquals(List.of("192.0.2.1:5000 -> 233.54.12.111:26400", "[2001:db8::7]:5001 -> [ff02::1]:8125", "[::1]:1 -> [fe80::abcd]:2"),
                flows);
    }

    /** Appends one raw-IP record of a UDP datagram with a 1-byte payload. */
    private static void packet(final ByteArrayOutputStream capture, final String source, final int sourcePort, final String destination,
            final int destinationPort) throws IOException {
        final byte[] from = InetAddress.getByName(source).getAddress();
        final byte[] to = InetAddress.getByName(destination).getAddress();
        final ByteBuffer udp = ByteBuffer.allocate(9).order(ByteOrder.BIG_ENDIAN);
        udp.putShort((short) sourcePort).putShort((short) destinationPort).putShort((short) 9).putShort((short) 0).put((byte) 'x');
        final ByteBuffer ip;
        if (from.length == 4) {
            ip = ByteBuffer.allocate(20 + 9).order(ByteOrder.BIG_ENDIAN);
            ip.put((byte) 0x45).put((byte) 0).putShort((short) ip.capacity()).putInt(0).put((byte) 64).put((byte) 17).putShort((short) 0);
        } else {
            ip = ByteBuffer.allocate(40 + 9).order(ByteOrder.BIG_ENDIAN);
            ip.putInt(0x6000_0000).putShort((short) 9).put((byte) 17).put((byte) 64);
        }
        ip.put(from).put(to).put(udp.array());
        final ByteBuffer record = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        record.putInt(1).putInt(0).putInt(ip.capacity()).putInt(ip.capacity());
        capture.writeBytes(record.array());
        capture.writeBytes(ip.array());
    }
}
