package dev.weir.pipelines.generate;

import org.agrona.DirectBuffer;

/**
 * Where generated UDP datagrams go, one call per datagram in the order they are on the wire: a capture
 * file ({@link CaptureWriter}) or a socket that sends them. Addresses are IPv4 as ints (a.b.c.d is
 * {@code a << 24 | b << 16 | c << 8 | d}), ports 0..65535. Implementations say whether they are thread-safe.
 */
public interface DatagramSink {
    /**
     * Takes one datagram; the payload bytes are only valid during the call.
     *
     * @param timestampNanos when the datagram is on the wire, nanoseconds since the epoch (UTC)
     * @param sourceAddress the IPv4 source address
     * @param sourcePort the UDP source port
     * @param destinationAddress the IPv4 destination address
     * @param destinationPort the UDP destination port
     * @param payload holds the UDP payload
     * @param offset index of the payload's first byte
     * @param length the payload's length in bytes
     */
    void datagram(long timestampNanos, int sourceAddress, int sourcePort, int destinationAddress, int destinationPort,
            DirectBuffer payload, int offset, int length);
}
