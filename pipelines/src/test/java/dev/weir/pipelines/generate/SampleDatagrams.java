package dev.weir.pipelines.generate;

import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Test datagrams covering the writer's cases: empty, odd and padded payload lengths, the largest payload, unicast,
 * loopback and multicast destinations, ports 0 and 65535, times with nanoseconds and microseconds.
 */
final class SampleDatagrams {
    /** 2026-11-30 00:00:00 UTC in seconds since the epoch. */
    static final long DAY = 1_795_996_800L;

    private SampleDatagrams() {
    }

    static int ipv4(final int a, final int b, final int c, final int d) {
        return a << 24 | b << 16 | c << 8 | d;
    }

    static List<ReadBack.Sent> all() {
        final List<ReadBack.Sent> datagrams = new ArrayList<>();
        final long nineThirty = (DAY + 34_200) * 1_000_000_000L;
        datagrams.add(new ReadBack.Sent(nineThirty, ipv4(10, 0, 0, 1), 40_000, ipv4(233, 54, 12, 111), 26_400, bytes(20, 1)));
        datagrams.add(new ReadBack.Sent(nineThirty + 1, ipv4(10, 0, 0, 1), 40_000, ipv4(233, 54, 12, 111), 26_400, bytes(0, 0)));
        datagrams.add(new ReadBack.Sent(nineThirty + 999_999_999L, ipv4(127, 0, 0, 1), 0, ipv4(127, 0, 0, 1), 65_535, bytes(1, 7)));
        datagrams.add(new ReadBack.Sent(nineThirty + 1_000_001_000L, ipv4(192, 168, 1, 2), 65_535, ipv4(10, 1, 2, 3), 0, bytes(3, 9)));
        datagrams.add(new ReadBack.Sent(nineThirty + 1_500_000_123L, ipv4(10, 0, 0, 7), 51_234, ipv4(239, 255, 255, 255), 8125,
                "api.requests:1|c\nqueue.depth:+4|g".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        datagrams.add(new ReadBack.Sent(nineThirty + 2_000_000_000L, ipv4(10, 0, 0, 1), 40_000, ipv4(233, 54, 12, 111), 26_400,
                bytes(1400, 3)));
        return datagrams;
    }

    /** The largest datagram, with a time late in 2106 (the last second an unsigned 32-bit pcap field holds). */
    static ReadBack.Sent largest() {
        return new ReadBack.Sent(4_294_967_295L * 1_000_000_000L + 999_999_000L, ipv4(10, 0, 0, 1), 1, ipv4(10, 0, 0, 2), 2,
                bytes(CaptureWriter.MAX_PAYLOAD, 5));
    }

    static byte[] bytes(final int length, final int seed) {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (seed + i * 31);
        }
        return bytes;
    }

    static void writeTo(final DatagramSink sink, final List<ReadBack.Sent> datagrams) {
        for (final ReadBack.Sent d : datagrams) {
            sink.datagram(d.timestampNanos(), d.source(), d.sourcePort(), d.destination(), d.destinationPort(), new UnsafeBuffer(d.payload()),
                    0, d.payload().length);
        }
    }
}
