package dev.weir.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint whose manifest or files were changed after it completed is refused, with one
 * message naming the checkpoint or manifest, the file and what differs, instead of restoring
 * empty or wrong state: every line deleted in turn, bytes changed, listed files deleted,
 * truncated or changed, and instance counts edited (with a valid checksum, so that the count
 * check itself is what refuses them).
 */
final class ManifestTamperingTest {
    @TempDir
    Path root;

    private Path manifestFile;
    private Path checkpointDir;

    private CheckpointDirectory checkpoint() throws Exception {
        final CheckpointDirectory directory = new CheckpointDirectory(root);
        checkpointDir = directory.create(8);
        Files.writeString(checkpointDir.resolve("src-0-0.pos"), "positions" + CheckpointDirectoryTest.FOOTER);
        Files.writeString(checkpointDir.resolve("keyed-1.window-0.state"), "state" + CheckpointDirectoryTest.FOOTER);
        Files.writeString(checkpointDir.resolve("keyed-1.window-1.state"), "state2" + CheckpointDirectoryTest.FOOTER);
        new Manifest(8, 8000, 128, Map.of("keyed-1.window", Map.of("window assigner", "TumblingEventTimeWindows(1000, 0)")), List.of(
                new CheckpointFile(CheckpointFile.Kind.SOURCE_POSITIONS, "src-0", 0, 1, "src-0-0.pos", 17, CheckpointDirectoryTest.crc("positions")),
                new CheckpointFile(CheckpointFile.Kind.OPERATOR_STATE, "keyed-1.window", 0, 2, "keyed-1.window-0.state", 13,
                        CheckpointDirectoryTest.crc("state")),
                new CheckpointFile(CheckpointFile.Kind.OPERATOR_STATE, "keyed-1.window", 1, 2, "keyed-1.window-1.state", 14,
                        CheckpointDirectoryTest.crc("state2"))))
                .writeTo(checkpointDir);
        manifestFile = checkpointDir.resolve(Manifest.FILE_NAME);
        return directory;
    }

    /** What a restore does first: read the latest complete manifest, then check every file it lists. */
    private static String refusal(final CheckpointDirectory directory) {
        return assertThrows(CheckpointException.class, () -> directory.verify(directory.latestComplete())).getMessage();
    }

    @Test
    void theUntouchedCheckpointIsAccepted() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final Manifest manifest = directory.latestComplete();
        directory.verify(manifest);
        assertEquals(3, manifest.files().size());
    }

    @Test
    void aManifestWithAnyOneLineDeletedIsRefused() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final List<String> lines = Files.readAllLines(manifestFile);
        assertEquals(12, lines.size(), "format, id, time, key groups, a job line, 2 owners, 3 files, end, checksum");
        for (int deleted = 0; deleted < lines.size(); deleted++) {
            final List<String> kept = new ArrayList<>(lines);
            kept.remove(deleted);
            Files.write(manifestFile, kept);
            final String expected = deleted == 0 ? "checkpoint manifest " + manifestFile + " is not a Weir checkpoint manifest"
                    : deleted == lines.size() - 1 ? "checkpoint manifest " + manifestFile + " is incomplete: its last line is not 'crc32c <checksum>'"
                    : "checkpoint manifest " + manifestFile + " was changed or damaged: its checksum says ";
            final String message = refusal(directory);
            assertTrue(message.startsWith(expected), "line " + (deleted + 1) + " deleted: " + message);
        }
    }

    @Test
    void aManifestWithAChangedByteIsRefused() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final byte[] original = Files.readAllBytes(manifestFile);
        final String text = new String(original, StandardCharsets.UTF_8);
        final List<Integer> offsets = List.of(text.indexOf("checkpoint 8") + 11, text.indexOf("maxParallelism") + 16,
                text.indexOf("operator keyed-1.window 2") + 24, text.indexOf("window-0.state 13") + 15, text.indexOf("(1000") + 2,
                text.indexOf("crc32c ") + 8);
        for (final int offset : offsets) {
            assertTrue(offset > 0 && offset < original.length, "offset " + offset);
            final byte[] changed = original.clone();
            changed[offset] = (byte) (changed[offset] == '3' ? '4' : '3');
            Files.write(manifestFile, changed);
            final String message = refusal(directory);
            assertTrue(message.startsWith("checkpoint manifest " + manifestFile + " was changed or damaged: its checksum says "),
                    "byte " + offset + " changed: " + message);
        }
    }

    @Test
    void aDeletedListedFileIsRefusedByName() throws Exception {
        for (final String file : List.of("src-0-0.pos", "keyed-1.window-0.state", "keyed-1.window-1.state")) {
            final CheckpointDirectory directory = checkpoint();
            Files.delete(checkpointDir.resolve(file));
            assertEquals("checkpoint 8 in " + checkpointDir + ": file " + file + " is missing (its manifest lists it)", refusal(directory));
            Files.writeString(checkpointDir.resolve(file), "");
        }
    }

    @Test
    void aTruncatedOrLongerFileIsRefusedWithBothLengths() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        Files.writeString(checkpointDir.resolve("keyed-1.window-0.state"), "sta");
        assertEquals("checkpoint 8 in " + checkpointDir + ": file keyed-1.window-0.state has 3 bytes, its manifest says 13", refusal(directory));
        Files.writeString(checkpointDir.resolve("keyed-1.window-0.state"), "state" + CheckpointDirectoryTest.FOOTER + "+");
        assertEquals("checkpoint 8 in " + checkpointDir + ": file keyed-1.window-0.state has 14 bytes, its manifest says 13",
                refusal(directory));
    }

    @Test
    void aFileChangedInPlaceIsRefusedByItsChecksum() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        for (final String file : List.of("src-0-0.pos", "keyed-1.window-1.state")) {
            final String before = Files.readString(checkpointDir.resolve(file));
            Files.writeString(checkpointDir.resolve(file), "X" + before.substring(1));
            assertEquals("checkpoint 8 in " + checkpointDir + ": file " + file + " was changed or damaged: its CRC-32C is "
                    + String.format("%08x", CheckpointDirectoryTest.crc("X" + before.substring(1, before.length() - 8)))
                    + ", its manifest says " + String.format("%08x", CheckpointDirectoryTest.crc(before.substring(0, before.length() - 8))),
                    refusal(directory));
            Files.writeString(checkpointDir.resolve(file), before);
        }
    }

    @Test
    void editedInstanceCountsAreRefusedEvenWithAValidChecksum() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final String body = Files.readString(manifestFile).replaceAll("crc32c .*\n$", "");
        final Map<String, String> edits = Map.of(
                body.replace("operator keyed-1.window 2", "operator keyed-1.window 3"),
                ":8: operator keyed-1.window has 3 instances but lists 2 files",
                body.replace("operator keyed-1.window 2", "operator keyed-1.window 1"),
                ":10: operator keyed-1.window has 1 instances but lists more files",
                body.replaceAll("file keyed-1.window-1.state .*\n", ""),
                ":8: operator keyed-1.window has 2 instances but lists 1 files",
                body.replace("source src-0 1", "source src-0 0"),
                ":6: source src-0 has 0 instances, expected 1 to maxParallelism 128",
                body.replace("operator keyed-1.window 2", "operator keyed-1.window 200"),
                ":8: operator keyed-1.window has 200 instances, expected 1 to maxParallelism 128",
                body.replace("end\n", "operator keyed-1.window 1\nfile keyed-1.window-0.state 5 00000000\nend\n"),
                ":11: operator keyed-1.window is listed twice");
        for (final Map.Entry<String, String> edit : edits.entrySet()) {
            Files.writeString(manifestFile, CheckpointDirectoryTest.signed(edit.getKey()));
            assertEquals("checkpoint manifest " + manifestFile + edit.getValue(), refusal(directory));
        }
    }

    @Test
    void snapshotFilesOfTheSameLengthSwappedAreRefused() throws Exception {
        final CheckpointDirectory directory = new CheckpointDirectory(root);
        final Path dir = directory.create(9);
        final List<CheckpointFile> files = new ArrayList<>();
        for (int instance = 0; instance < 2; instance++) {
            try (SnapshotFileWriter writer = SnapshotFileWriter.forPositions(dir.resolve("src-0-" + instance + ".pos"), 9)) {
                writer.position(1000L + instance);
                files.add(new CheckpointFile(CheckpointFile.Kind.SOURCE_POSITIONS, "src-0", instance, 2, "src-0-" + instance + ".pos",
                        writer.finish(), writer.checksum()));
            }
        }
        assertEquals(files.get(0).lengthBytes(), files.get(1).lengthBytes(), "same length");
        assertTrue(files.get(0).checksum() != files.get(1).checksum(), "each file has a checksum of its own: " + files);
        new Manifest(9, 9000, 128, files).writeTo(dir);
        directory.verify(directory.latestComplete());

        final byte[] first = Files.readAllBytes(dir.resolve("src-0-0.pos"));
        Files.write(dir.resolve("src-0-0.pos"), Files.readAllBytes(dir.resolve("src-0-1.pos")));
        Files.write(dir.resolve("src-0-1.pos"), first);
        assertTrue(refusal(directory).startsWith("checkpoint 9 in " + dir + ": file src-0-0.pos was changed or damaged: its CRC-32C is "
                + String.format("%08x", files.get(1).checksum()) + ", its manifest says " + String.format("%08x", files.get(0).checksum())));
    }

    @Test
    void aManifestOfTheEarlierFormatIsRefusedByName() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        Files.writeString(manifestFile, "weir-checkpoint-manifest 1\ncheckpoint 8\ntime 1\nmaxParallelism 128\nend\n");
        assertEquals("checkpoint manifest " + manifestFile + " has format 'weir-checkpoint-manifest 1', this version reads "
                + "'weir-checkpoint-manifest 2' only", refusal(directory));
    }

    @Test
    void anOperatorDescribedWithoutItsStateFilesIsRefusedEvenWithAValidChecksum() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final String body = Files.readString(manifestFile).replaceAll("crc32c .*\n$", "");
        // the operator's section, or the whole state part, gone: restoring would start the window empty
        for (final String edited : List.of(body.replaceAll("operator keyed-1.window 2\n(file keyed-1.window-.*\n)+", ""),
                body.replaceAll("(?s)operator keyed-1.window 2\n.*end\n", "end\n"))) {
            assertTrue(!edited.equals(body), edited);
            Files.writeString(manifestFile, CheckpointDirectoryTest.signed(edited));
            assertEquals("checkpoint manifest " + manifestFile + " describes operator keyed-1.window but lists no state files of it",
                    refusal(directory));
        }
    }

    @Test
    void aMaxParallelismOutsideTheKeyGroupRangeIsRefused() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final String body = Files.readString(manifestFile).replaceAll("crc32c .*\n$", "");
        // 4294967424 is 2^32 + 128: cut to an int it would read as 128
        for (final String value : List.of("0", "-1", "4294967424", "2147483648")) {
            Files.writeString(manifestFile, CheckpointDirectoryTest.signed(body.replace("maxParallelism 128", "maxParallelism " + value)));
            assertEquals("checkpoint manifest " + manifestFile + ":4: maxParallelism " + value
                    + " is not a number of key groups (1 to 2147483647)", refusal(directory));
        }
    }

    @Test
    void aLineOfAMegabyteIsQuotedToItsFirst200Characters() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final String body = Files.readString(manifestFile).replaceAll("crc32c .*\n$", "");
        final String huge = "x".repeat(1 << 20);
        Files.writeString(manifestFile, CheckpointDirectoryTest.signed(body.replace("end\n", huge + "\nend\n")));
        assertEquals("checkpoint manifest " + manifestFile + ":11: unexpected '" + "x".repeat(200) + "\u2026'", refusal(directory));
    }

    @Test
    void aStateFileThatIsAFifoIsRefusedWithoutOpeningIt() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        final Path state = checkpointDir.resolve("keyed-1.window-1.state");
        Files.delete(state);
        // opening a FIFO for reading blocks until a writer comes: the check must not open it
        assertEquals(0, new ProcessBuilder("mkfifo", state.toString()).start().waitFor(), "mkfifo");
        assertEquals("checkpoint 8 in " + checkpointDir + ": file keyed-1.window-1.state is not a regular file (a FIFO, a socket or"
                + " a device); a checkpoint holds only the files Weir wrote", refusal(directory));
    }

    @Test
    void aManifestThatIsAFifoIsNoCompleteCheckpoint() throws Exception {
        final CheckpointDirectory directory = checkpoint();
        Files.delete(manifestFile);
        assertEquals(0, new ProcessBuilder("mkfifo", manifestFile.toString()).start().waitFor(), "mkfifo");
        assertEquals("checkpoint manifest " + manifestFile + " is not a regular file (a FIFO, a socket or a device); a checkpoint"
                + " holds only the files Weir wrote",
                assertThrows(CheckpointException.class, () -> Manifest.read(manifestFile)).getMessage());
        assertEquals("cannot restore: checkpoint directory " + root + " holds no complete checkpoint (a complete one is a chk-<id>"
                + " directory with a MANIFEST)", refusal(directory));
    }
}
