package dev.weir.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class CheckpointDirectoryTest {
    /** Stands for a snapshot file's footer checksum and end magic, which its checksum does not cover. */
    static final String FOOTER = "12345678";

    @TempDir
    Path root;

    private CheckpointDirectory complete(final long id) throws Exception {
        final CheckpointDirectory directory = new CheckpointDirectory(root);
        final Path dir = directory.create(id);
        Files.writeString(dir.resolve("src-0-0.pos"), "positions" + FOOTER);
        Files.writeString(dir.resolve("keyed-1.window-0.state"), "state" + FOOTER);
        Files.writeString(dir.resolve("keyed-1.window-1.state"), "state2" + FOOTER);
        new Manifest(id, 1000 * id, 128, Map.of("keyed-1.window", Map.of("window assigner", "TumblingEventTimeWindows(1000, 0)")), List.of(
                new CheckpointFile(CheckpointFile.Kind.SOURCE_POSITIONS, "src-0", 0, 1, "src-0-0.pos", 17, crc("positions")),
                new CheckpointFile(CheckpointFile.Kind.OPERATOR_STATE, "keyed-1.window", 0, 2, "keyed-1.window-0.state", 13, crc("state")),
                new CheckpointFile(CheckpointFile.Kind.OPERATOR_STATE, "keyed-1.window", 1, 2, "keyed-1.window-1.state", 14, crc("state2"))))
                .writeTo(dir);
        return directory;
    }

    /** @return the CRC-32C of a text's UTF-8 bytes (a file's content before its {@link #FOOTER}) */
    static int crc(final String text) {
        final CRC32C crc = new CRC32C();
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return (int) crc.getValue();
    }

    /** @return a manifest's body with its checksum line, as {@link Manifest#writeTo} writes it */
    static String signed(final String body) {
        return body + "crc32c " + String.format("%08x", crc(body)) + "\n";
    }

    @Test
    void theManifestRoundTrips() throws Exception {
        final Manifest manifest = complete(3).latestComplete();
        assertEquals(3, manifest.checkpointId());
        assertEquals(3000, manifest.timeMillis());
        assertEquals(128, manifest.maxParallelism());
        assertEquals(List.of(
                new CheckpointFile(CheckpointFile.Kind.OPERATOR_STATE, "keyed-1.window", 0, 2, "keyed-1.window-0.state", 13, crc("state")),
                new CheckpointFile(CheckpointFile.Kind.OPERATOR_STATE, "keyed-1.window", 1, 2, "keyed-1.window-1.state", 14, crc("state2"))),
                manifest.files(CheckpointFile.Kind.OPERATOR_STATE, "keyed-1.window"));
        assertEquals(Map.of("keyed-1.window", Map.of("window assigner", "TumblingEventTimeWindows(1000, 0)")), manifest.fingerprint());
        final String body = "weir-checkpoint-manifest 2\ncheckpoint 3\ntime 3000\nmaxParallelism 128\n"
                + "job keyed-1.window window assigner: TumblingEventTimeWindows(1000, 0)\n"
                + "source src-0 1\nfile src-0-0.pos 17 " + String.format("%08x", crc("positions")) + "\n"
                + "operator keyed-1.window 2\nfile keyed-1.window-0.state 13 " + String.format("%08x", crc("state")) + "\n"
                + "file keyed-1.window-1.state 14 " + String.format("%08x", crc("state2")) + "\nend\n";
        assertEquals(signed(body), Files.readString(root.resolve("chk-3").resolve(Manifest.FILE_NAME)));
        assertFalse(Files.exists(root.resolve("chk-3").resolve(Manifest.FILE_NAME + ".tmp")));
    }

    @Test
    void anIncompleteCheckpointIsIgnored() throws Exception {
        final CheckpointDirectory directory = complete(4);
        Files.writeString(directory.create(5).resolve("src-0-0.pos"), "half written");
        assertEquals(List.of(5L, 4L), directory.checkpointIds());
        assertEquals(4, directory.latestComplete().checkpointId());
    }

    @Test
    void restoringFromADirectoryWithoutACompleteCheckpointNamesIt() throws Exception {
        final CheckpointException empty = assertThrows(CheckpointException.class, () -> new CheckpointDirectory(root).latestComplete());
        assertEquals("cannot restore: checkpoint directory " + root + " holds no complete checkpoint"
                + " (a complete one is a chk-<id> directory with a MANIFEST)", empty.getMessage());
        final Path missing = root.resolve("nowhere");
        final CheckpointException absent = assertThrows(CheckpointException.class, () -> new CheckpointDirectory(missing).latestComplete());
        assertEquals("cannot restore: checkpoint directory " + missing + " does not exist", absent.getMessage());
        final Path file = Files.writeString(root.resolve("a-file"), "not a directory");
        final CheckpointException notADirectory = assertThrows(CheckpointException.class, () -> new CheckpointDirectory(file).latestComplete());
        assertEquals("cannot restore: checkpoint directory " + file + " is a file, not a directory", notADirectory.getMessage());
    }

    @Test
    void anUnreadableManifestIsAnErrorNamingTheFile() throws Exception {
        final CheckpointDirectory directory = complete(2);
        final Path manifest = root.resolve("chk-2").resolve(Manifest.FILE_NAME);
        Files.writeString(manifest, signed("weir-checkpoint-manifest 2\ncheckpoint two\ntime 1\nmaxParallelism 128\nend\n"));
        final CheckpointException error = assertThrows(CheckpointException.class, directory::latestComplete);
        assertEquals("checkpoint manifest " + manifest + ":2: 'two' is not a number", error.getMessage());
    }

    @Test
    void aFileOfAnotherLengthThanTheManifestSaysIsAnError() throws Exception {
        final CheckpointDirectory directory = complete(2);
        final Manifest manifest = directory.latestComplete();
        Files.writeString(root.resolve("chk-2").resolve("src-0-0.pos"), "cut");
        final CheckpointException error = assertThrows(CheckpointException.class, () -> directory.file(manifest, manifest.files().get(0)));
        assertEquals("checkpoint file " + root.resolve("chk-2").resolve("src-0-0.pos") + " has 3 bytes, its manifest says 17",
                error.getMessage());
    }

    @Test
    void theLastTwoCompleteCheckpointsAreKept() throws Exception {
        complete(1);
        complete(2);
        final CheckpointDirectory directory = complete(4);
        directory.create(3); // abandoned
        directory.create(5); // in flight
        directory.retain(4, CheckpointCoordinator.RETAINED);
        assertEquals(List.of(5L, 4L, 2L), directory.checkpointIds());
        assertTrue(directory.isComplete(2));
    }
}
