package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message file holds the payloads of the same session's capture without their MoldUDP64 headers, byte for byte;
 * a name ending in .gz gets the same bytes gzip-compressed, and the writer counts the bytes that reach the file.
 */
class ItchMessageFileWriterTest {
    private static final ItchTrafficOptions SESSION = ItchTrafficOptions.of(5, 5_000);

    @TempDir
    Path temp;

    @Test
    void theFileIsTheCapturesPayloadsAfterTheirHeaders() throws IOException {
        final Path pcap = temp.resolve("s.pcap");
        try (CaptureWriter writer = CaptureWriter.create(pcap, CaptureEncoding.PCAP_MICROSECONDS)) {
            new ItchTrafficGenerator(SESSION).generate(writer);
        }
        final ByteArrayOutputStream expected = new ByteArrayOutputStream();
        try (CaptureFile capture = CaptureFile.open(pcap)) {
            final CapturePacket packet = new CapturePacket();
            final Datagram datagram = new Datagram();
            final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
            while (capture.next(packet)) {
                if (decoder.decode(packet, datagram)) {
                    final byte[] payload = new byte[datagram.payloadLength() - 20];
                    datagram.buffer().getBytes(datagram.payloadOffset() + 20, payload);
                    expected.write(payload);
                }
            }
        }
        final Path plain = temp.resolve("s.itch");
        final Path gzipped = temp.resolve("s.itch.gz");
        for (final Path file : new Path[] {plain, gzipped}) {
            try (ItchMessageFileWriter writer = ItchMessageFileWriter.create(file)) {
                new ItchTrafficGenerator(SESSION).generate(writer);
                writer.close();
                assertEquals(Files.size(file), writer.bytes(), file.toString());
            }
        }
        assertArrayEquals(expected.toByteArray(), Files.readAllBytes(plain));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gzipped))) {
            assertArrayEquals(expected.toByteArray(), in.readAllBytes());
        }
    }
}
