package dev.weir.codec.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading and decoding packets allocates nothing per packet once warmed up (measured with the thread's
 * allocated-bytes counter over repeated passes through a file).
 */
@Tag("allocation")
class CaptureAllocationTest {
    private static final int PACKETS = 2_000;
    private static final int PASSES = 20;

    @TempDir
    Path dir;

    private static byte[] packet(final int i) {
        final byte[] udp = PacketBytes.udp(40_000, 26_400 + (i & 1), new byte[] {(byte) i, 1, 2, 3});
        return i % 3 == 0 ? PacketBytes.ethernet(0x86DD, PacketBytes.ipv6("fe80::1", "ff02::1:3", PacketBytes.UDP, udp), 0x8100)
                : PacketBytes.ethernet(0x0800, PacketBytes.ipv4Udp("10.0.0.1", "233.54.12.111", udp));
    }

    private static long pass(final CaptureFile file, final CapturePacket packet, final DatagramDecoder decoder, final Datagram datagram) {
        file.rewind();
        long payloadBytes = 0;
        while (file.next(packet)) {
            if (decoder.decode(packet, datagram)) {
                payloadBytes += datagram.payloadLength() + packet.timestampNanos() % 2;
            }
        }
        return payloadBytes;
    }

    private void assertNoAllocationPerPacket(final Path path) {
        try (CaptureFile file = CaptureFile.open(path)) {
            final CapturePacket packet = new CapturePacket();
            final Datagram datagram = new Datagram();
            final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any().destinationPort(26_400));
            for (int i = 0; i < PASSES; i++) {
                pass(file, packet, decoder, datagram);
            }
            final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            final long threadId = Thread.currentThread().getId();
            final long before = threads.getThreadAllocatedBytes(threadId);
            long payloadBytes = 0;
            for (int i = 0; i < PASSES; i++) {
                payloadBytes += pass(file, packet, decoder, datagram);
            }
            final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
            final long packets = (long) PACKETS * PASSES;
            assertTrue(allocated < packets, "allocated " + allocated + " bytes for " + packets + " packets");
            assertEquals(packets / 2 * 4, payloadBytes); // half the packets go to port 26400, 4 payload bytes each, even timestamps
            assertEquals(PASSES * 2L * PACKETS / 2, decoder.datagrams()); // warm-up and measured passes
        }
    }

    @Test
    void pcapReadingAndDecodingAllocateNothingPerPacket() {
        final CaptureBytes bytes = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).pcapHeader(0xa1b23c4d, 65535, LinkType.EN10MB);
        for (int i = 0; i < PACKETS; i++) {
            final byte[] data = packet(i);
            bytes.pcapRecord(1_700_000_000L + i, 2L * i, data, data.length);
        }
        assertNoAllocationPerPacket(bytes.write(dir.resolve("a.pcap")));
    }

    @Test
    void pcapngReadingAndDecodingAllocateNothingPerPacket() {
        final CaptureBytes bytes = new CaptureBytes(ByteOrder.BIG_ENDIAN).sectionHeader().interfaceDescription(LinkType.EN10MB, 0, 9)
                .interfaceDescription(LinkType.EN10MB, 0, -1);
        for (int i = 0; i < PACKETS; i++) {
            final byte[] data = packet(i);
            if (i % 500 == 499) {
                bytes.sectionHeader().interfaceDescription(LinkType.EN10MB, 0, 9).interfaceDescription(LinkType.EN10MB, 0, -1);
            }
            bytes.enhancedPacket(i & 1, 1_700_000_000_000_000_000L / ((i & 1) == 0 ? 1 : 1000) + 2L * i, data, data.length);
        }
        assertNoAllocationPerPacket(bytes.write(dir.resolve("a.pcapng")));
    }
}
