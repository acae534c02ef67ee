package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.codec.capture.CaptureFileException;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Captures that cannot be inspected: missing, a directory, not a capture, corrupt in a later packet; each fails with
 * one message naming the file (and offset and packet), after the files before it were reported.
 */
class InspectErrorsTest {
    @TempDir
    Path dir;

    private Path written(final String name, final int datagrams) {
        final Path file = dir.resolve(name);
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAP_MICROSECONDS)) {
            for (int i = 0; i < datagrams; i++) {
                writer.datagram(1_000_000_000L * (i + 1), 1, 2, 3, 4, new UnsafeBuffer(new byte[] {'a', ':', '1', '|', 'c'}), 0, 5);
            }
        }
        return file;
    }

    private static CaptureInspector inspector() {
        return new CaptureInspector(InspectOptions.defaults());
    }

    @Test
    void missingFilesAndDirectoriesAreNamedBeforeAnyFileIsRead() {
        final Path good = written("good.pcap", 1);
        final List<String> reported = new ArrayList<>();
        final CaptureFileException missing = assertThrows(CaptureFileException.class,
                () -> inspector().inspect(List.of(good, dir.resolve("nowhere.pcap")), file -> reported.add(file.file())));
        assertEquals(dir.resolve("nowhere.pcap") + ": no such capture file", missing.getMessage());
        final CaptureFileException directory = assertThrows(CaptureFileException.class,
                () -> inspector().inspect(List.of(dir), file -> reported.add(file.file())));
        assertEquals(dir + ": is a directory, not a capture file", directory.getMessage());
        assertEquals(List.of(), reported);
    }

    @Test
    void aFileThatIsNotACaptureIsNamedWithOffsetAndPacket() throws IOException {
        final Path text = Files.writeString(dir.resolve("notes.pcap"), "not a capture");
        final CaptureFormatException error = assertThrows(CaptureFormatException.class, () -> inspector().inspect(List.of(text)));
        assertEquals(text + ": offset 0 (packet 1): not a capture: magic 0x6e6f7420 is neither pcap (0xa1b2c3d4, 0xa1b23c4d, either"
                + " byte order) nor pcapng (0x0a0d0d0a), and the file does not start with"
                + " length-prefixed ITCH 5.0 messages", error.getMessage());
        final Path empty = Files.write(dir.resolve("empty.pcap"), new byte[0]);
        assertEquals(empty + ": offset 0 (packet 1): truncated header: the file has 0 bytes, a capture starts with a 24-byte pcap header"
                + " or a pcapng section header block",
                assertThrows(CaptureFormatException.class, () -> inspector().inspect(List.of(empty))).getMessage());
    }

    @Test
    void aCorruptRecordInALaterFileFailsAfterTheEarlierFilesWereReported() throws IOException {
        final Path first = written("first.pcap", 3);
        final Path second = written("second.pcap", 3);
        // the second record's captured length: after the 24-byte file header and the first 16-byte record header and frame
        final ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(second)).order(ByteOrder.LITTLE_ENDIAN);
        final int secondRecord = 24 + 16 + bytes.getInt(24 + 8);
        bytes.putInt(secondRecord + 8, 1 << 30);
        Files.write(second, bytes.array());
        final List<String> reported = new ArrayList<>();
        final CaptureFormatException error = assertThrows(CaptureFormatException.class,
                () -> inspector().inspect(List.of(first, second), file -> reported.add(file.file() + " " + file.traffic().packets())));
        assertEquals(second + ": offset " + secondRecord + " (packet 2): corrupt record header: captured length 1073741824 exceeds"
                + " the file's snapshot length of 262144 bytes", error.getMessage());
        assertEquals(List.of(first + " 3"), reported);
    }

    @Test
    void flowsBeyondTheBoundAreCountedTogether() {
        final Path file = dir.resolve("scan.pcap");
        final int flows = FlowTable.MAX_FLOWS + 25;
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAP_MICROSECONDS)) {
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[3]);
            for (int i = 0; i < flows; i++) {
                // one datagram per source port and address: every datagram a flow of its own, after 30 to the first
                final int repeat = i == 0 ? 30 : 1;
                for (int r = 0; r < repeat; r++) {
                    writer.datagram(1_000L * i, 10 << 24 | i >>> 16, i & 0xFFFF, 10 << 24 | 1, 9_999, payload, 0, 3);
                }
            }
        }
        final Traffic traffic = inspector().inspect(List.of(file)).total();
        assertEquals(flows + 29, traffic.datagrams());
        assertEquals(Traffic.FLOWS_LISTED, traffic.flows().size());
        assertEquals("10.0.0.0:0", traffic.flows().get(0).source());
        assertEquals(30, traffic.flows().get(0).packets());
        assertEquals(FlowTable.MAX_FLOWS - Traffic.FLOWS_LISTED, traffic.otherFlows());
        assertEquals(flows + 29 - 30 - (Traffic.FLOWS_LISTED - 1), traffic.otherFlowPackets());
    }
}
