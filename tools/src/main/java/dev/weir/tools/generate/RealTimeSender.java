package dev.weir.tools.generate;

import dev.weir.clock.NanoClock;
import dev.weir.pipelines.generate.DatagramSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;

/**
 * Sends generated datagrams on UDP in real time: the first at once, each later one when as much time has passed
 * since the first as between their capture times, divided by the speed. A datagram from a loopback address to a
 * loopback address is sent from a socket bound to its source address (any 127.0.0.0/8 address is the machine's),
 * so that captures tell the hosts apart; other datagrams go from one unbound socket. Not thread-safe.
 */
final class RealTimeSender implements DatagramSink, AutoCloseable {
    private final NanoClock clock;
    private final double speed;
    private final Map<Integer, DatagramChannel> channels = new HashMap<>();
    private final ByteBuffer payloadBytes = ByteBuffer.allocateDirect(65_536);
    /** The last destination, kept: a generator sends all its datagrams to one, so each needs no new address. */
    private InetSocketAddress to;
    private int toAddress;
    private long firstCapture = -1;
    private long firstSent;
    private long datagrams;

    /**
     * @param clock paces the sending
     * @param speed how many times faster than captured, positive
     */
    RealTimeSender(final NanoClock clock, final double speed) {
        this.clock = clock;
        this.speed = speed;
    }

    @Override
    public void datagram(final long timestampNanos, final int sourceAddress, final int sourcePort, final int destinationAddress,
            final int destinationPort, final DirectBuffer payload, final int offset, final int length) {
        if (firstCapture < 0) {
            firstCapture = timestampNanos;
            firstSent = clock.nanos();
        } else {
            final long due = firstSent + (long) ((timestampNanos - firstCapture) / speed);
            for (long wait = due - clock.nanos(); wait > 0; wait = due - clock.nanos()) {
                LockSupport.parkNanos(wait);
            }
        }
        payloadBytes.clear();
        payload.getBytes(offset, payloadBytes, length);
        payloadBytes.flip();
        if (to == null || toAddress != destinationAddress || to.getPort() != destinationPort) {
            to = new InetSocketAddress(address(destinationAddress), destinationPort);
            toAddress = destinationAddress;
        }
        try {
            channel(sourceAddress, destinationAddress).send(payloadBytes, to);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot send to " + to.getAddress().getHostAddress() + ":" + destinationPort + ": "
                    + e.getMessage(), e);
        }
        datagrams++;
    }

    private DatagramChannel channel(final int sourceAddress, final int destinationAddress) throws IOException {
        final boolean loopback = sourceAddress >>> 24 == 127 && destinationAddress >>> 24 == 127;
        final int key = loopback ? sourceAddress : 0;
        DatagramChannel channel = channels.get(key);
        if (channel == null) {
            channel = DatagramChannel.open();
            if (loopback) {
                channel.bind(new InetSocketAddress(address(sourceAddress), 0));
            }
            channels.put(key, channel);
        }
        return channel;
    }

    private static InetAddress address(final int ipv4) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) (ipv4 >>> 24), (byte) (ipv4 >>> 16), (byte) (ipv4 >>> 8), (byte) ipv4});
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }

    /** @return the datagrams sent */
    long datagrams() {
        return datagrams;
    }

    /** @return nanoseconds from the first datagram sent to now */
    long elapsedNanos() {
        return firstCapture < 0 ? 0 : clock.nanos() - firstSent;
    }

    @Override
    public void close() {
        for (final DatagramChannel channel : channels.values()) {
            try {
                channel.close();
            } catch (final IOException ignored) {
                // nothing was buffered: every datagram went out when it was sent
            }
        }
    }
}
