package dev.weir.pipelines.telemetry;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.codec.capture.LinkType;
import dev.weir.pipelines.replay.Payload;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Writes small pcap files of StatsD datagrams (raw IP link type, IPv4 or IPv6 by the source address given) and
 * reads them back as {@link Payload}s the way a replay does: capture file, datagram decoder, then the
 * decoder under test. The replay package fills its datagram view through package-private accessors; the test
 * reaches them by reflection rather than copying the replay's reader.
 */
final class CaptureFixture {
    private static final int STATSD_PORT = 8125;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    CaptureFixture() {
        final ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65_535).putInt(LinkType.RAW);
        bytes.writeBytes(header.array());
    }

    /**
     * @param source the sending address, IPv4 or IPv6 literal
     * @param timeMicros capture time in microseconds since the epoch
     * @param payload the datagram's text
     * @return this fixture
     */
    CaptureFixture datagram(final String source, final long timeMicros, final String payload) {
        final byte[] text = payload.getBytes(StandardCharsets.UTF_8);
        final byte[] address = address(source);
        final ByteBuffer udp = ByteBuffer.allocate(8 + text.length).order(ByteOrder.BIG_ENDIAN);
        udp.putShort((short) 40_000).putShort((short) STATSD_PORT).putShort((short) (8 + text.length)).putShort((short) 0).put(text);
        final ByteBuffer ip;
        if (address.length == 4) {
            ip = ByteBuffer.allocate(20 + udp.capacity()).order(ByteOrder.BIG_ENDIAN);
            ip.put((byte) 0x45).put((byte) 0).putShort((short) ip.capacity()).putInt(0).put((byte) 64).put((byte) 17).putShort((short) 0)
                    .put(address).put(address("127.0.0.1"));
        } else {
            ip = ByteBuffer.allocate(40 + udp.capacity()).order(ByteOrder.BIG_ENDIAN);
            ip.putInt(0x6000_0000).putShort((short) udp.capacity()).put((byte) 17).put((byte) 64).put(address).put(address("::1"));
        }
        ip.put(udp.array());
        final ByteBuffer record = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        record.putInt((int) (timeMicros / 1_000_000)).putInt((int) (timeMicros % 1_000_000)).putInt(ip.capacity()).putInt(ip.capacity());
        bytes.writeBytes(record.array());
        bytes.writeBytes(ip.array());
        return this;
    }

    /**
     * @param file where to write the capture
     * @return the file
     */
    Path write(final Path file) {
        try {
            return Files.write(file, bytes.toByteArray());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads every datagram of a capture into one reused view, as a replay does, and hands it on.
     *
     * @param capture the pcap file
     * @param each called once per datagram, in file order
     */
    static void replay(final Path capture, final Consumer<Payload> each) {
        try (Reader reader = new Reader(capture)) {
            reader.pass(each);
        }
    }

    /** A capture opened once and read as often as a test needs, into one reused view; allocates nothing per pass. */
    static final class Reader implements AutoCloseable {
        private final Payload datagram = new Payload();
        private final CapturePacket packet = datagram.packet();
        private final Datagram udp = datagram.ip();
        private final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any().destinationPort(STATSD_PORT));
        private final CaptureFile file;

        /** @param capture the pcap file */
        Reader(final Path capture) {
            datagram.file(capture.getFileName().toString());
            file = CaptureFile.open(capture);
        }

        /** @param each called once per datagram, in file order, from the first */
        void pass(final Consumer<Payload> each) {
            file.rewind();
            while (file.next(packet)) {
                if (decoder.decode(packet, udp)) {
                    each.accept(datagram);
                }
            }
        }

        @Override
        public void close() {
            file.close();
        }
    }

    private static byte[] address(final String literal) {
        try {
            return InetAddress.getByName(literal).getAddress();
        } catch (final UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
