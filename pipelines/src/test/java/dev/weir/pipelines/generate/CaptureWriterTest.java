package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Captures the writer makes read back through CaptureFile and DatagramDecoder with every field as written. */
class CaptureWriterTest {
    @TempDir
    Path dir;

    private static List<ReadBack.Sent> expected(final List<ReadBack.Sent> written, final CaptureEncoding encoding) {
        final List<ReadBack.Sent> expected = new ArrayList<>();
        for (final ReadBack.Sent d : written) {
            expected.add(encoding.nanoseconds() ? d : d.inMicroseconds());
        }
        return expected;
    }

    @ParameterizedTest
    @EnumSource(CaptureEncoding.class)
    void everyDatagramReadsBackWithItsTimeAddressesPortsAndPayload(final CaptureEncoding encoding) {
        final List<ReadBack.Sent> written = new ArrayList<>(SampleDatagrams.all());
        written.add(SampleDatagrams.largest());
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long size;
        try (CaptureWriter writer = CaptureWriter.over("memory", bytes, encoding)) {
            SampleDatagrams.writeTo(writer, written);
            assertEquals(written.size(), writer.packets());
            size = writer.bytes();
        }
        assertEquals(size, bytes.size());
        assertEquals(expected(written, encoding), ReadBack.bytes(dir, "in-memory", bytes.toByteArray(), encoding.format()));
    }

    @ParameterizedTest
    @EnumSource(CaptureEncoding.class)
    void aFileWrittenThroughItsBufferHoldsEveryDatagram(final CaptureEncoding encoding) throws IOException {
        // more than the 64 KiB buffer holds, so that it is emptied many times
        final List<ReadBack.Sent> written = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            written.add(new ReadBack.Sent((SampleDatagrams.DAY + 34_200) * 1_000_000_000L + i * 1_234_567L, SampleDatagrams.ipv4(10, 0, 0, 1 + i % 3),
                    40_000 + i % 7, SampleDatagrams.ipv4(233, 54, 12, 111), 26_400, SampleDatagrams.bytes(i % 301, i)));
        }
        final Path file = dir.resolve("many.cap");
        try (CaptureWriter writer = CaptureWriter.create(file, encoding)) {
            SampleDatagrams.writeTo(writer, written);
            assertEquals(file.toString(), writer.name());
        }
        assertEquals(expected(written, encoding), ReadBack.file(file, encoding.format()));
        final long headers = encoding.pcapng() ? 28 + (encoding.nanoseconds() ? 32 : 20) : 24;
        long size = headers;
        for (final ReadBack.Sent d : written) {
            final int frame = 42 + d.payload().length;
            size += encoding.pcapng() ? 32 + ((frame + 3) & ~3) : 16 + frame;
        }
        assertEquals(size, Files.size(file));
    }

    @Test
    void anEmptyCaptureIsItsHeaderAlone() {
        for (final CaptureEncoding encoding : CaptureEncoding.values()) {
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CaptureWriter.over("memory", bytes, encoding).close();
            assertEquals(List.of(), ReadBack.bytes(dir, encoding.name(), bytes.toByteArray(), encoding.format()));
        }
    }

    @Test
    void framesCarryTheMacAddressesOfTheirDestinations() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (CaptureWriter writer = CaptureWriter.over("memory", bytes, CaptureEncoding.PCAP_MICROSECONDS)) {
            SampleDatagrams.writeTo(writer, SampleDatagrams.all().subList(0, 4));
        }
        final byte[] file = bytes.toByteArray();
        // the first record's frame starts after the 24-byte file header and its 16-byte record header
        assertEquals("01005e360c6f02000a000001", hex(file, 40, 12), "multicast 233.54.12.111 from 10.0.0.1");
        final int second = 40 + 42 + 20 + 16;
        final int third = second + 42 + 16;
        assertEquals("02007f00000102007f000001", hex(file, third, 12), "127.0.0.1 to itself");
        final int fourth = third + 42 + 1 + 16;
        assertEquals("02000a0102030200c0a80102", hex(file, fourth, 12), "unicast 10.1.2.3 from 192.168.1.2");
        // IPv4: version and length, total length, identification counting up, don't fragment, TTL 64, UDP
        assertEquals("4500001f000440004011", hex(file, fourth + 14, 10));
    }

    private static String hex(final byte[] bytes, final int from, final int length) {
        final StringBuilder text = new StringBuilder();
        for (int i = from; i < from + length; i++) {
            text.append(String.format("%02x", bytes[i] & 0xFF));
        }
        return text.toString();
    }

    @Test
    void aPayloadLargerThanAnIpv4DatagramOrATimeBeforeTheEpochIsRefused() {
        final CaptureWriter writer = CaptureWriter.over("memory", new ByteArrayOutputStream(), CaptureEncoding.PCAP_NANOSECONDS);
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[CaptureWriter.MAX_PAYLOAD + 1]);
        assertEquals("a UDP payload of 65508 bytes; at most 65507 fit an IPv4 datagram",
                assertThrows(IllegalArgumentException.class, () -> writer.datagram(0, 1, 1, 2, 2, payload, 0, payload.capacity()))
                        .getMessage());
        assertEquals("capture time -1 ns is before the epoch",
                assertThrows(IllegalArgumentException.class, () -> writer.datagram(-1, 1, 1, 2, 2, payload, 0, 10)).getMessage());
        assertEquals(0, writer.packets());
    }

    @Test
    void aCaptureThatCannotBeWrittenFailsWithItsName() {
        final OutputStream full = new OutputStream() {
            @Override
            public void write(final int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        assertEquals("out.pcap: cannot write the capture: No space left on device",
                assertThrows(UncheckedIOException.class, () -> CaptureWriter.over("out.pcap", full, CaptureEncoding.PCAP_MICROSECONDS))
                        .getMessage());
        assertEquals(dir.resolve("missing") + "/x.pcap: cannot create the capture: directory " + dir.resolve("missing") + " does not exist",
                assertThrows(UncheckedIOException.class,
                        () -> CaptureWriter.create(dir.resolve("missing").resolve("x.pcap"), CaptureEncoding.PCAPNG_NANOSECONDS)).getMessage());
    }
}
