package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file source resumes a file only if its bytes before the checkpointed position are the ones
 * the checkpoint read: a file that was cut, had bytes prepended, or had a byte changed before the
 * position is refused with one message naming the file and the position; bytes appended after
 * the position are read as new input.
 */
final class ChangedSourceFileTest {
    private static final String CONTENT = "a,1\nb,2\nc,3\nd,4\n";
    private static final long POSITION = 8; // after "a,1\nb,2\n"

    @TempDir
    Path dir;

    private Path file;
    private FileSource<String> source;
    private List<?> positions;

    /** Reads the first two lines of a file and takes the reader's positions, as a checkpoint would. */
    private void checkpointAfterTwoLines() throws Exception {
        file = Files.writeString(dir.resolve("records.csv"), CONTENT, StandardCharsets.UTF_8);
        source = FileSource.of(file, CharSequence::toString).withBatchSize(2);
        final FileSourceReader<String> reader = source.createReader(0, 1);
        reader.read(new RecordingSourceOutput<>());
        positions = reader.snapshotPositions();
        reader.close();
        assertEquals(List.of(new FileSplitPosition(0, file.toString(), POSITION, 2, false, CONTENT.length(), crc(CONTENT.substring(0, 8)))),
                positions, "the position carries the file's size and the checksum of its first bytes");
    }

    private static int crc(final String text) {
        final CRC32C crc = new CRC32C();
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return (int) crc.getValue();
    }

    private String refusal(final String changedContent) throws Exception {
        Files.writeString(file, changedContent, StandardCharsets.UTF_8);
        final FileSourceReader<String> resumed = source.createReader(0, 1);
        return assertThrows(SourceFileChangedException.class, () -> resumed.restorePositions(positions)).getMessage();
    }

    @Test
    void aFileShorterThanItsPositionIsRefused() throws Exception {
        checkpointAfterTwoLines();
        for (final String cut : List.of("a,1\nb,2", "a,1\n", "")) {
            assertEquals(file + ": changed before the checkpointed position 8: it has " + cut.length() + " bytes now, 16 at the checkpoint",
                    refusal(cut));
        }
    }

    @Test
    void aFileWhoseBytesBeforeThePositionChangedIsRefused() throws Exception {
        checkpointAfterTwoLines();
        for (final String changed : List.of("PREPENDED\n" + CONTENT, "x,1\nb,2\nc,3\nd,4\n", "a,1\nb,9\nc,3\nd,4\n",
                CONTENT.substring(4))) {
            if (changed.length() < POSITION) {
                continue;
            }
            final String bytes = changed.substring(0, (int) POSITION);
            assertEquals(file + ": changed before the checkpointed position 8: its first 8 bytes differ from those the checkpoint read"
                    + " (CRC-32C " + String.format("%08x", crc(bytes)) + ", was " + String.format("%08x", crc(CONTENT.substring(0, 8))) + ")",
                    refusal(changed), changed);
        }
    }

    @Test
    void bytesAppendedOrChangedAfterThePositionAreReadAsInput() throws Exception {
        checkpointAfterTwoLines();
        Files.writeString(file, "a,1\nb,2\nC,3\nd,4\ne,5\n", StandardCharsets.UTF_8);
        final FileSourceReader<String> resumed = source.createReader(0, 1);
        resumed.restorePositions(positions);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        while (resumed.read(output) != ReadStatus.END) {
            // read on
        }
        resumed.close();
        assertEquals(List.of("split0 C,3", "split0 d,4", "split0 e,5", "split0 END"), output.events);
    }

    @Test
    void checkpointsAfterARestoreCarryTheChecksumOfTheWholePrefix() throws Exception {
        checkpointAfterTwoLines();
        final FileSourceReader<String> resumed = source.createReader(0, 1);
        resumed.restorePositions(positions);
        resumed.read(new RecordingSourceOutput<>());
        assertEquals(List.of(new FileSplitPosition(0, file.toString(), CONTENT.length(), 4, false, CONTENT.length(), crc(CONTENT))),
                resumed.snapshotPositions());
        resumed.close();
    }

    @Test
    void aFileCutAfterThePositionIsRefused() throws Exception {
        checkpointAfterTwoLines();
        for (final String cut : List.of("a,1\nb,2\nc,3\nd,4", "a,1\nb,2\nc,3\n", "a,1\nb,2\n")) {
            assertEquals(file + ": shrank since the checkpoint: it has " + cut.length() + " bytes now, 16 at the checkpoint"
                    + " (a record file may only grow)", refusal(cut));
        }
    }

    @Test
    void anotherPathToTheSameFileResumesIt() throws Exception {
        checkpointAfterTwoLines();
        Files.createDirectory(dir.resolve("sub"));
        final Path link = Files.createSymbolicLink(dir.resolve("link.csv"), file);
        for (final Path spelling : List.of(Path.of("").toAbsolutePath().relativize(file), dir.resolve(".").resolve("records.csv"),
                dir.resolve("sub").resolve("..").resolve("records.csv"), link)) {
            final FileSourceReader<String> resumed = FileSource.of(spelling, CharSequence::toString).createReader(0, 1);
            resumed.restorePositions(positions);
            final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
            while (resumed.read(output) != ReadStatus.END) {
                // read on
            }
            resumed.close();
            assertEquals(List.of("split0 c,3", "split0 d,4", "split0 END"), output.events, spelling.toString());
        }
    }

    @Test
    void aPositionNamesTheFileByItsAbsolutePath() throws Exception {
        checkpointAfterTwoLines();
        final Path relative = Path.of("").toAbsolutePath().relativize(file);
        final FileSourceReader<String> reader = FileSource.of(relative, CharSequence::toString).withBatchSize(2).createReader(0, 1);
        reader.read(new RecordingSourceOutput<>());
        assertEquals(positions, reader.snapshotPositions(), "read through " + relative);
        reader.close();
    }

    @Test
    void anotherFileIsRefusedByName() throws Exception {
        checkpointAfterTwoLines();
        final Path other = Files.writeString(dir.resolve("other.csv"), CONTENT, StandardCharsets.UTF_8);
        final FileSourceReader<String> resumed = FileSource.of(other, CharSequence::toString).createReader(0, 1);
        assertEquals("the checkpoint read " + file + " as file 0 of the source, which has 1 files now: [" + other + "]",
                assertThrows(IllegalStateException.class, () -> resumed.restorePositions(positions)).getMessage());
    }
}
