package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The writer's captures as tshark reads them: src/test/resources/generate/ holds what the writer made of
 * {@link SampleDatagrams#all()} in each encoding and tshark's dump of each file (made by the
 * {@code tshark-dump.sh} beside them). The writer still makes exactly those bytes, and tshark found the same times,
 * addresses, ports and lengths in them as the datagrams had, with IPv4 header checksums it verified as good.
 * On a mismatch the bytes written now are in target/generated-captures/ to compare with.
 */
class TsharkReadingTest {
    private static String fileName(final CaptureEncoding encoding) {
        return "sample-" + encoding.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + (encoding.pcapng() ? ".pcapng" : ".pcap");
    }

    private static String seconds(final long nanos, final boolean nanoseconds) {
        return nanos / 1_000_000_000L + "." + (nanoseconds ? String.format("%09d", nanos % 1_000_000_000L)
                : String.format("%06d", nanos % 1_000_000_000L / 1_000) + "000");
    }

    private static String address(final int ipv4) {
        return (ipv4 >>> 24) + "." + (ipv4 >>> 16 & 0xFF) + "." + (ipv4 >>> 8 & 0xFF) + "." + (ipv4 & 0xFF);
    }

    @ParameterizedTest
    @EnumSource(CaptureEncoding.class)
    void tsharkReadsTheWrittenFieldsAndGoodChecksums(final CaptureEncoding encoding) throws IOException, URISyntaxException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (CaptureWriter writer = CaptureWriter.over("memory", bytes, encoding)) {
            SampleDatagrams.writeTo(writer, SampleDatagrams.all());
        }
        final Path actual = Path.of("target", "generated-captures", fileName(encoding));
        Files.createDirectories(actual.getParent());
        Files.write(actual, bytes.toByteArray());
        final Path committed = Path.of(TsharkReadingTest.class.getResource("/generate/" + fileName(encoding)).toURI());
        assertArrayEquals(Files.readAllBytes(committed), bytes.toByteArray(), "the writer's bytes for " + fileName(encoding));

        final List<String> expected = new ArrayList<>();
        for (final ReadBack.Sent d : SampleDatagrams.all()) {
            // frame.time_epoch, ip.src, ip.dst, udp.srcport, udp.dstport, udp.length, frame.len, ip.checksum.status (1: good)
            expected.add(String.join("\t", seconds(d.timestampNanos(), encoding.nanoseconds()), address(d.source()),
                    address(d.destination()), Integer.toString(d.sourcePort()), Integer.toString(d.destinationPort()),
                    Integer.toString(8 + d.payload().length), Integer.toString(42 + d.payload().length), "1"));
        }
        final Path dump = Path.of(TsharkReadingTest.class.getResource("/generate/" + fileName(encoding) + ".tshark.txt").toURI());
        assertEquals(expected, Files.readAllLines(dump));
    }
}
