package dev.weir.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.timer.TimeDomain;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/checkpoints.md "State and positions files": format version 2 adds broadcast state entries
 * (operator state: name, key, value, no key group); files of version 1, written before it, are
 * read as before, and a version this Weir does not know is refused naming the file.
 */
final class BroadcastStateSnapshotFileTest {
    @TempDir
    Path dir;

    private static List<String> read(final Path file) {
        final List<String> read = new ArrayList<>();
        SnapshotFileReader.readState(file, new SnapshotEntryVisitor() {
            @Override
            public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                read.add("state " + stateName + " " + keyGroup + " " + key + " " + namespace + " " + value);
            }

            @Override
            public void timer(final TimeDomain domain, final int keyGroup, final long timestamp, final Object key, final Object namespace) {
                read.add(domain + " " + timestamp + " " + key);
            }

            @Override
            public void broadcastStateEntry(final String stateName, final Object key, final Object value) {
                read.add("broadcast " + stateName + " " + key + " " + value);
            }
        });
        return read;
    }

    @Test
    void broadcastStateEntriesRoundTripInFileOrderWithKeyedEntries() throws Exception {
        final Path file = dir.resolve("two-input-1.broadcast-0.state");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, 3, 128)) {
            writer.stateEntry("count", 7, "a", "VOID", 2L);
            writer.broadcastStateEntry("rules", "cpu", 40L);
            writer.broadcastStateEntry("rules", "mem", List.of(1, 2));
            writer.timer(TimeDomain.EVENT_TIME, 999, "a", "VOID");
            writer.broadcastStateEntry("labels", 17L, null);
            writer.finish();
        }
        assertEquals(List.of("state count 7 a VOID 2", "broadcast rules cpu 40", "broadcast rules mem [1, 2]", "EVENT_TIME 999 a",
                "broadcast labels 17 null"), read(file));
        assertEquals(2, ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN).getInt(4));
    }

    /** Writes {@code version} into the header and seals the file again with a correct checksum. */
    private static void rewriteVersion(final Path file, final int version) throws Exception {
        final byte[] bytes = Files.readAllBytes(file);
        final ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(4, version);
        final CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 8);
        buffer.putInt(bytes.length - 8, (int) crc.getValue());
        Files.write(file, bytes);
    }

    @Test
    void aVersionOneFileWrittenBeforeBroadcastStateIsReadAsBefore() throws Exception {
        final Path file = dir.resolve("keyed-1.window-0.state");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, 5, 128)) {
            writer.stateEntry("window-contents", 3, "AAPL", 1000L, 17);
            writer.timer(TimeDomain.PROCESSING_TIME, 5000, "AAPL", "ns");
            writer.finish();
        }
        rewriteVersion(file, 1);
        assertEquals(List.of("state window-contents 3 AAPL 1000 17", "PROCESSING_TIME 5000 AAPL"), read(file));
    }

    @Test
    void aVersionThisWeirDoesNotKnowIsRefusedNamingTheFile() throws Exception {
        final Path file = dir.resolve("future-0.state");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, 5, 128)) {
            writer.broadcastStateEntry("rules", "cpu", 40L);
            writer.finish();
        }
        rewriteVersion(file, 3);
        final CheckpointException refused = assertThrows(CheckpointException.class, () -> read(file));
        assertEquals("checkpoint file " + file + " is damaged: format version 3, this Weir reads versions 1 to 2", refused.getMessage());
    }
}
