package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.codec.capture.CaptureFormat;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pcapng layouts: sections in either byte order, several interfaces each, names, timestamp resolutions and link
 * types the decoder does not know, read from a hand-built big-endian section followed by a written little-endian one;
 * and pcap layouts in both byte orders.
 */
class CaptureLayoutTest {
    @TempDir
    Path dir;

    /** A big-endian section: eth0 (Ethernet, 2^-3 s), an unnamed Linux cooked v2 interface, and link type 147. */
    private static byte[] bigEndianSection() {
        final ByteBuffer bytes = ByteBuffer.allocate(28 + 40 + 20 + 20).order(ByteOrder.BIG_ENDIAN);
        bytes.putInt(0x0A0D0D0A).putInt(28).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1).putInt(28);
        bytes.putInt(1).putInt(40).putShort((short) 1).putShort((short) 0).putInt(65_535);
        bytes.putShort((short) 2).putShort((short) 4).put("eth0".getBytes(StandardCharsets.US_ASCII));
        bytes.putShort((short) 9).putShort((short) 1).put((byte) 0x83).put(new byte[3]);
        bytes.putInt(0).putInt(40);
        bytes.putInt(1).putInt(20).putShort((short) 276).putShort((short) 0).putInt(0).putInt(20);
        bytes.putInt(1).putInt(20).putShort((short) 147).putShort((short) 0).putInt(96).putInt(20);
        return bytes.array();
    }

    private static byte[] writtenCapture(final CaptureEncoding encoding) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CaptureWriter writer = CaptureWriter.over("written", out, encoding)) {
            for (int i = 0; i < 2; i++) {
                writer.datagram(1_000_000_000L * (i + 1), 1, 2, 3, 4, new UnsafeBuffer(new byte[1]), 0, 1);
            }
        }
        return out.toByteArray();
    }

    private static String describe(final CaptureInterface captureInterface) {
        return captureInterface.linkTypeName() + " / " + captureInterface.snapLength() + " / " + captureInterface.resolution() + " / "
                + captureInterface.name();
    }

    @Test
    void pcapngSectionsInBothByteOrdersWithTheirInterfaces() throws IOException {
        final ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(bigEndianSection());
        file.write(writtenCapture(CaptureEncoding.PCAPNG_NANOSECONDS));
        final Path path = Files.write(dir.resolve("two-sections.pcapng"), file.toByteArray());

        final FileInspection inspection = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(path)).files().get(0);
        final CaptureLayout layout = inspection.layout();
        assertEquals(CaptureFormat.PCAPNG, layout.format());
        assertEquals(List.of("big-endian 1.0", "little-endian 1.0"),
                layout.sections().stream().map(section -> section.byteOrder() + " " + section.version()).toList());
        assertEquals(List.of("EN10MB (Ethernet) / 65535 / 2^-3 s / eth0", "LINUX_SLL2 (Linux cooked v2) / 0 / microseconds / ",
                "147 (not supported: its packets are skipped) / 96 / microseconds / "),
                layout.sections().get(0).interfaces().stream().map(CaptureLayoutTest::describe).toList());
        assertEquals(List.of("EN10MB (Ethernet) / " + CaptureWriter.SNAPSHOT_LENGTH + " / nanoseconds / "),
                layout.sections().get(1).interfaces().stream().map(CaptureLayoutTest::describe).toList());
        assertEquals(2, inspection.traffic().packets());
        assertEquals(List.of(1, 276, 147), layout.sections().get(0).interfaces().stream().map(CaptureInterface::linkType).toList());

        assertEquals("file " + path + "\n"
                + "  format      pcapng, 2 sections\n"
                + "  section 1   big-endian, version 1.0, 3 interfaces\n"
                + "    interface 0: EN10MB (Ethernet), 2^-3 s, snapshot length 65535, name eth0\n"
                + "    interface 1: LINUX_SLL2 (Linux cooked v2), microseconds, snapshot length 0\n"
                + "    interface 2: 147 (not supported: its packets are skipped), microseconds, snapshot length 96\n"
                + "  section 2   little-endian, version 1.0, 1 interface\n"
                + "    interface 0: EN10MB (Ethernet), nanoseconds, snapshot length " + CaptureWriter.SNAPSHOT_LENGTH + "\n",
                ReportText.file(inspection).lines().limit(8).map(line -> line + "\n").reduce("", String::concat));
    }

    @Test
    void pcapInEitherByteOrder() throws IOException {
        final byte[] little = writtenCapture(CaptureEncoding.PCAP_NANOSECONDS);
        // the same file with every header field of the file and its records swapped to big-endian
        final ByteBuffer in = ByteBuffer.wrap(little).order(ByteOrder.LITTLE_ENDIAN);
        final ByteBuffer out = ByteBuffer.allocate(little.length).order(ByteOrder.BIG_ENDIAN);
        out.putInt(in.getInt(0)).putShort(in.getShort(4)).putShort(in.getShort(6)).putInt(in.getInt(8)).putInt(in.getInt(12))
                .putInt(in.getInt(16)).putInt(in.getInt(20));
        int at = 24;
        while (at < little.length) {
            final int captured = in.getInt(at + 8);
            out.putInt(in.getInt(at)).putInt(in.getInt(at + 4)).putInt(captured).putInt(in.getInt(at + 12)).put(little, at + 16, captured);
            at += 16 + captured;
        }
        final Path bigPath = Files.write(dir.resolve("big.pcap"), out.array());
        final Path littlePath = Files.write(dir.resolve("little.pcap"), little);
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(littlePath, bigPath));
        assertEquals(List.of("little-endian", "big-endian"),
                report.files().stream().map(file -> file.layout().sections().get(0).byteOrder()).toList());
        for (final FileInspection file : report.files()) {
            assertEquals(CaptureFormat.PCAP_NANOSECONDS, file.layout().format());
            assertEquals("2.4", file.layout().sections().get(0).version());
            assertEquals("EN10MB (Ethernet) / " + CaptureWriter.SNAPSHOT_LENGTH + " / nanoseconds / ",
                    describe(file.layout().sections().get(0).interfaces().get(0)));
            assertEquals(2, file.traffic().datagrams());
        }
    }

    @Test
    void aGzippedPcapngHasTheLayoutOfThePlainOneAndSaysItIsCompressed() throws IOException {
        final ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(bigEndianSection());
        file.write(writtenCapture(CaptureEncoding.PCAPNG_NANOSECONDS));
        final Path plain = Files.write(dir.resolve("plain.pcapng"), file.toByteArray());
        final ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(compressed)) {
            gzip.write(file.toByteArray());
        }
        final Path gzipped = Files.write(dir.resolve("gzipped.pcapng"), compressed.toByteArray());
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(plain, gzipped));
        final String plainText = ReportText.file(report.files().get(0)).replace(plain.toString(), "FILE");
        final String gzippedText = ReportText.file(report.files().get(1)).replace(gzipped.toString(), "FILE");
        assertEquals(plainText.replace("  format      pcapng, 2 sections\n", "  format      pcapng, 2 sections, gzip-compressed\n"), gzippedText);
        assertEquals(false, report.files().get(0).layout().compressed());
        assertEquals(true, report.files().get(1).layout().compressed());
    }
}
