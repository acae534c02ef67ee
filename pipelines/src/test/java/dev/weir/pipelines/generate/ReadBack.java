package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.codec.capture.LinkType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test reader: every packet of a capture through {@link CaptureFile} and {@link DatagramDecoder}, checked to be a
 * whole Ethernet/IPv4/UDP frame with a correct IPv4 header checksum, and returned as {@link Sent} datagrams.
 */
final class ReadBack {
    private ReadBack() {
    }

    /** Writes the bytes to {@code dir}/{@code name} and reads them back. */
    static List<Sent> bytes(final Path dir, final String name, final byte[] capture, final CaptureFormat format) {
        final Path file = dir.resolve(name);
        try {
            Files.write(file, capture);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return file(file, format);
    }

    /** Reads a capture, asserting its format, link type and that every packet is a whole UDP datagram. */
    static List<Sent> file(final Path file, final CaptureFormat format) {
        final List<Sent> datagrams = new ArrayList<>();
        final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
        final CapturePacket packet = new CapturePacket();
        final Datagram datagram = new Datagram();
        try (CaptureFile capture = CaptureFile.open(file)) {
            assertEquals(format, capture.format());
            while (capture.next(packet)) {
                assertEquals(LinkType.EN10MB, packet.linkType());
                assertEquals(0, packet.interfaceIndex());
                assertEquals(datagrams.size() + 1, packet.ordinal());
                assertEquals(packet.capturedLength(), packet.originalLength());
                assertTrue(decoder.decode(packet, datagram), "packet " + packet.ordinal());
                assertEquals(4, datagram.ipVersion());
                assertEquals(0, datagram.vlanTags());
                assertEquals(packet.capturedLength(), 14 + 20 + 8 + datagram.payloadLength(), "frame length");
                assertEquals(0, Ipv4Checksum.of(packet.buffer(), packet.offset() + 14, 20), "IPv4 header checksum");
                final byte[] payload = new byte[datagram.payloadLength()];
                datagram.buffer().getBytes(datagram.payloadOffset(), payload);
                datagrams.add(new Sent(packet.timestampNanos(), datagram.sourceIpv4(), datagram.sourcePort(), datagram.destinationIpv4(),
                        datagram.destinationPort(), payload));
            }
            assertEquals(-1, capture.truncatedAt());
        }
        assertEquals(0, decoder.malformed() + decoder.notUdp() + decoder.fragments() + decoder.unsupportedLink());
        return datagrams;
    }

    /** One datagram as it was handed to a sink or read back from a capture. */
    record Sent(long timestampNanos, int source, int sourcePort, int destination, int destinationPort, byte[] payload) {
        /** @return the same datagram with its time cut to microseconds, as a microsecond capture keeps it */
        Sent inMicroseconds() {
            return new Sent(timestampNanos / 1_000 * 1_000, source, sourcePort, destination, destinationPort, payload);
        }

        @Override
        public boolean equals(final Object other) {
            return other instanceof Sent && toString().equals(other.toString());
        }

        @Override
        public int hashCode() {
            return toString().hashCode();
        }

        @Override
        public String toString() {
            return timestampNanos + " " + Integer.toHexString(source) + ":" + sourcePort + " > " + Integer.toHexString(destination) + ":"
                    + destinationPort + " " + Arrays.toString(payload);
        }
    }

    /** A sink that keeps copies of the datagrams it is given. */
    static final class Recorder implements DatagramSink {
        private final List<Sent> sent = new ArrayList<>();

        @Override
        public void datagram(final long timestampNanos, final int sourceAddress, final int sourcePort, final int destinationAddress,
                final int destinationPort, final org.agrona.DirectBuffer payload, final int offset, final int length) {
            final byte[] copy = new byte[length];
            payload.getBytes(offset, copy);
            sent.add(new Sent(timestampNanos, sourceAddress, sourcePort, destinationAddress, destinationPort, copy));
        }

        List<Sent> sent() {
            return sent;
        }
    }
}
