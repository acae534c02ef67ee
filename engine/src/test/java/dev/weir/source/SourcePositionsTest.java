package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readers record where they are for a checkpoint and resume there, also at another parallelism. */
final class SourcePositionsTest {
    @TempDir
    Path dir;

    private static List<String> readAll(final SourceReader<String> reader) throws Exception {
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        while (reader.read(output) != ReadStatus.END) {
            // read on
        }
        reader.close();
        return output.events;
    }

    @Test
    void aFileReaderResumesAtTheRecordedByteOffsetAndKeepsLineNumbers() throws Exception {
        final Path file = dir.resolve("trades.csv");
        Files.writeString(file, "größe\r\n2\n3\nx4\n", StandardCharsets.UTF_8);
        final FileSource<String> source = FileSource.of(file, line -> {
            if (line.charAt(0) == 'x') {
                throw new IllegalArgumentException("bad");
            }
            return line.toString();
        }).withBatchSize(2);
        final FileSourceReader<String> first = source.createReader(0, 1);
        first.read(new RecordingSourceOutput<>());
        final List<?> positions = first.snapshotPositions();
        assertEquals(List.of(new FilePosition(0, file, 11, 2, false)), first.positions());
        first.close();

        final FileSourceReader<String> resumed = source.createReader(0, 1);
        resumed.restorePositions(positions);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        final SourceParseException error = assertThrows(SourceParseException.class, () -> resumed.read(output));
        assertEquals(List.of("split0 3"), output.events);
        assertEquals(4, error.line());
        resumed.close();
    }

    @Test
    void aFileWithAByteOrderMarkResumesAfterItsLastReadLine() throws Exception {
        final Path file = dir.resolve("bom.csv");
        Files.write(file, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\n', 'b', '\n', 'c', '\n'});
        final FileSource<String> source = FileSource.of(file, CharSequence::toString).withBatchSize(1);
        final FileSourceReader<String> first = source.createReader(0, 1);
        final RecordingSourceOutput<String> firstOutput = new RecordingSourceOutput<>();
        first.read(firstOutput);
        assertEquals(List.of("split0 a"), firstOutput.events);
        assertEquals(List.of(new FilePosition(0, file, 5, 1, false)), first.positions());
        final List<?> positions = first.snapshotPositions();
        first.close();

        final FileSourceReader<String> resumed = source.createReader(0, 1);
        resumed.restorePositions(positions);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        resumed.read(output);
        resumed.read(output);
        assertEquals(List.of("split0 b", "split0 c"), output.events);
    }

    @Test
    void aFileThatShrankBelowTheRecordedOffsetIsRefusedAtTheRestore() throws Exception {
        final Path file = dir.resolve("shrinks.csv");
        Files.writeString(file, "1\n2\n3\n");
        final FileSource<String> source = FileSource.of(file, CharSequence::toString).withBatchSize(3);
        final FileSourceReader<String> first = source.createReader(0, 1);
        first.read(new RecordingSourceOutput<>());
        final List<?> positions = first.snapshotPositions();
        first.close();
        Files.writeString(file, "1\n");

        // the restore checks each file against its checkpointed size and checksum before reading
        final FileSourceReader<String> resumed = source.createReader(0, 1);
        final SourceFileChangedException error = assertThrows(SourceFileChangedException.class, () -> resumed.restorePositions(positions));
        assertEquals(file + ": changed before the checkpointed position 6: it has 2 bytes now, 6 at the checkpoint", error.getMessage());
        assertEquals("changed before the checkpointed position 6: it has 2 bytes now, 6 at the checkpoint", error.reason());
    }

    @Test
    void filesReadByTwoReadersResumeInOneAndFinishedFilesStayFinished() throws Exception {
        final Path a = dir.resolve("a.txt");
        final Path b = dir.resolve("b.txt");
        Files.writeString(a, "a1\na2\n");
        Files.writeString(b, "b1\nb2\nb3\n");
        final FileSource<String> source = FileSource.of(List.of(a, b), CharSequence::toString).withBatchSize(2);
        final FileSourceReader<String> readerOfA = source.createReader(0, 2);
        final FileSourceReader<String> readerOfB = source.createReader(1, 2);
        readAll(readerOfA);
        readerOfB.read(new RecordingSourceOutput<>());
        final List<Object> positions = new ArrayList<>(readerOfA.snapshotPositions());
        positions.addAll(readerOfB.snapshotPositions());

        final FileSourceReader<String> both = source.createReader(0, 1);
        both.restorePositions(positions);
        assertEquals(List.of("split0 END", "split1 b3", "split1 END"), readAll(both));
    }

    @Test
    void aPositionOfAnotherFileIsRejected() throws Exception {
        final Path a = dir.resolve("a.txt");
        Files.writeString(a, "a1\n");
        final List<?> positions = FileSource.of(a, CharSequence::toString).createReader(0, 1).snapshotPositions();
        final FileSourceReader<String> other = FileSource.of(dir.resolve("other.txt"), CharSequence::toString).createReader(0, 1);
        assertThrows(IllegalStateException.class, () -> other.restorePositions(positions));
    }

    @Test
    void aCollectionReadByTwoReadersResumesInThree() throws Exception {
        final List<String> elements = LongStream.range(0, 10).mapToObj(Long::toString).toList();
        final CollectionSource<String> source = CollectionSource.of(elements).withBatchSize(3);
        final List<Object> positions = new ArrayList<>();
        for (int instance = 0; instance < 2; instance++) {
            final SourceReader<String> reader = source.createReader(instance, 2);
            reader.read(new RecordingSourceOutput<>()); // 0,1,2 and 5,6,7
            positions.addAll(reader.snapshotPositions());
        }
        final List<String> rest = new ArrayList<>();
        for (int instance = 0; instance < 3; instance++) {
            final SourceReader<String> reader = source.createReader(instance, 3);
            reader.restorePositions(positions);
            rest.addAll(readAll(reader));
        }
        assertEquals(List.of("3", "4", "8", "9"), rest);
    }

    @Test
    void aGeneratorReadByTwoReadersResumesInOneWithoutGapsOrRepeats() throws Exception {
        final AtomicLong nanos = new AtomicLong();
        final GeneratorSource<String> source = GeneratorSource.bounded(20, 1_000_000_000L, (sequence, dueNanos) -> Long.toString(sequence))
                .withNanoClock(() -> nanos.addAndGet(1_000_000)).withBatchSize(3);
        final List<Object> positions = new ArrayList<>();
        final List<String> first = new ArrayList<>();
        for (int instance = 0; instance < 2; instance++) {
            final SourceReader<String> reader = source.createReader(instance, 2);
            final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
            for (int read = 0; read < 3 - instance; read++) {
                reader.read(output); // the first read only starts the schedule (only record 0 is due at once)
            }
            first.addAll(output.events);
            positions.addAll(reader.snapshotPositions());
        }
        assertEquals(List.of("0", "2", "4", "6", "8", "10", "12", "1", "3", "5"), first);
        final SourceReader<String> resumed = source.createReader(0, 1);
        resumed.restorePositions(positions);
        assertEquals(List.of("7", "9", "11", "13", "14", "15", "16", "17", "18", "19"), readAll(resumed));
    }
}
