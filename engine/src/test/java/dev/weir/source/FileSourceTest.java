package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FileSource's reader: files are splits taken round-robin by the instances, registered before
 * any record, read interleaved a batch at a time; a finished file ends its split; the read
 * position is kept per file; a rejected line names file and line after earlier lines' records.
 */
class FileSourceTest {
    @TempDir
    Path dir;

    private Path file(final String name, final String text) throws IOException {
        final Path path = dir.resolve(name);
        Files.writeString(path, text, StandardCharsets.UTF_8);
        return path;
    }

    private static List<ReadStatus> readAll(final SourceReader<String> reader, final SourceOutput<String> output) throws Exception {
        final List<ReadStatus> statuses = new ArrayList<>();
        ReadStatus status;
        do {
            status = reader.read(output);
            statuses.add(status);
        } while (status != ReadStatus.END);
        return statuses;
    }

    @Test
    void theSettingsAreReadBack() {
        final LineParser<String> parser = CharSequence::toString;
        final FileSource<String> defaults = FileSource.of(List.of(dir.resolve("a"), dir.resolve("b")), parser);
        assertEquals(List.of(dir.resolve("a"), dir.resolve("b")), defaults.files());
        assertEquals(parser, defaults.parser());
        assertEquals(StandardCharsets.UTF_8, defaults.charset());
        assertEquals(FileSource.DEFAULT_BATCH_SIZE, defaults.batchSize());
        assertEquals(LineReader.DEFAULT_MAX_LINE_BYTES, defaults.maxLineBytes());
        final FileSource<String> set = defaults.withCharset(StandardCharsets.ISO_8859_1).withBatchSize(3).withMaxLineBytes(40);
        assertEquals(StandardCharsets.ISO_8859_1, set.charset());
        assertEquals(3, set.batchSize());
        assertEquals(40, set.maxLineBytes());
        assertEquals(parser, set.parser());
    }

    @Test
    void instancesTakeFilesRoundRobin() throws IOException {
        final List<Path> files = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            files.add(file("f" + i, ""));
        }
        final FileSource<String> source = FileSource.of(files, CharSequence::toString);
        assertEquals(List.of(0, 2, 4), fileIndexes(source.createReader(0, 2)));
        assertEquals(List.of(1, 3), fileIndexes(source.createReader(1, 2)));
        assertEquals(List.of(), fileIndexes(source.createReader(5, 6)));
    }

    private static List<Integer> fileIndexes(final FileSourceReader<String> reader) {
        final List<Integer> indexes = new ArrayList<>();
        for (final FilePosition position : reader.positions()) {
            indexes.add(position.fileIndex());
        }
        return indexes;
    }

    @Test
    void splitsAreRegisteredFirstThenReadInterleavedABatchAtATime() throws Exception {
        final Path a = file("a.txt", "a1\na2\na3\n");
        final Path b = file("b.txt", "b1\nb2\nb3\nb4\nb5\n");
        final FileSourceReader<String> reader = FileSource.of(List.of(a, b), CharSequence::toString).withBatchSize(2).createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();

        final List<ReadStatus> statuses = readAll(reader, output);

        assertEquals(List.of(0, 1), output.registeredSplits);
        assertEquals(List.of("split0 a1", "split0 a2", "split1 b1", "split1 b2", "split0 a3", "split0 END", "split1 b3", "split1 b4",
                "split1 b5", "split1 END"), output.events);
        // a's second batch finds its end after one line; b's last batch reads b5, then its end
        assertEquals(List.of(ReadStatus.MORE, ReadStatus.MORE, ReadStatus.MORE, ReadStatus.MORE, ReadStatus.END), statuses);
        assertEquals(List.of(new FilePosition(0, a, 9, 3, true), new FilePosition(1, b, 15, 5, true)), reader.positions());
    }

    @Test
    void linesEndInLfCrOrCrLfAndTheParserMaySkipLines() throws Exception {
        final Path f = file("mixed.csv", "header\r\nx\r\n\ny\rz");
        final FileSourceReader<String> reader = FileSource.<String>of(f, line -> "header".contentEquals(line) ? null : "<" + line + ">")
                .createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        readAll(reader, output);
        assertEquals(List.of("split0 <x>", "split0 <>", "split0 <y>", "split0 <z>", "split0 END"), output.events);
        assertEquals(List.of(new FilePosition(0, f, 15, 5, true)), reader.positions());
    }

    @Test
    void theReadPositionIsKeptPerFile() throws Exception {
        final Path a = file("a.txt", "1\n2\n3\n4\n");
        final Path b = file("b.txt", "5\n6\n");
        final FileSourceReader<String> reader = FileSource.of(List.of(a, b), CharSequence::toString).withBatchSize(3).createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        reader.read(output);
        assertEquals(List.of(new FilePosition(0, a, 6, 3, false), new FilePosition(1, b, 0, 0, false)), reader.positions());
        reader.read(output);
        assertEquals(List.of(new FilePosition(0, a, 6, 3, false), new FilePosition(1, b, 4, 2, true)), reader.positions());
        reader.close();
    }

    @Test
    void aRejectedLineNamesFileLineAndReasonAfterTheRecordsOfEarlierLines() throws Exception {
        final Path f = file("trades.csv", "1\n2\nx3\n4\n");
        final FileSourceReader<Long> reader = FileSource.<Long>of(f, line -> Long.parseLong(line.toString())).withBatchSize(10)
                .createReader(0, 1);
        final RecordingSourceOutput<Long> output = new RecordingSourceOutput<>();

        final SourceParseException error = assertThrows(SourceParseException.class, () -> reader.read(output));

        assertEquals(f + ":3: For input string: \"x3\"", error.getMessage());
        assertEquals(f, error.file());
        assertEquals(3, error.line());
        assertTrue(error.getCause() instanceof NumberFormatException);
        assertEquals(List.of("split0 1", "split0 2"), output.events);
        assertEquals(List.of(new FilePosition(0, f, 7, 3, false)), reader.positions());
        reader.close();
    }

    @Test
    void aParserExceptionWithoutMessageIsNamedByItsType() throws Exception {
        final Path f = file("a.txt", "ok\n");
        final FileSourceReader<String> reader = FileSource.<String>of(f, line -> {
            throw new IllegalStateException();
        }).createReader(0, 1);
        final SourceParseException error = assertThrows(SourceParseException.class, () -> reader.read(new RecordingSourceOutput<>()));
        assertEquals(f + ":1: IllegalStateException", error.getMessage());
    }

    @Test
    void aMissingFileIsAnErrorNamingIt() {
        final Path missing = dir.resolve("missing.csv");
        final FileSourceReader<String> reader = FileSource.of(missing, CharSequence::toString).createReader(0, 1);
        final IOException error = assertThrows(IOException.class, () -> reader.read(new RecordingSourceOutput<>()));
        assertEquals(missing + ": no such source file", error.getMessage());
    }

    @Test
    void aDirectoryGivenAsAFileIsASourceFileError() {
        final FileSourceReader<String> reader = FileSource.of(dir, CharSequence::toString).createReader(0, 1);
        final SourceFileException error = assertThrows(SourceFileException.class, () -> reader.read(new RecordingSourceOutput<>()));
        assertEquals(dir + ": is a directory, not a file", error.getMessage());
    }

    @Test
    void aLineThatIsNotUtf8FailsAtItsLineAfterTheEarlierLinesRecords() throws Exception {
        final Path f = dir.resolve("latin1.txt");
        Files.write(f, new byte[] {'a', '\n', 'b', '\n', 'c', (byte) 0xE9, '\n', 'd', '\n'});
        final FileSourceReader<String> reader = FileSource.of(f, CharSequence::toString).withBatchSize(10).createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        final SourceParseException error = assertThrows(SourceParseException.class, () -> reader.read(output));
        assertEquals(List.of("split0 a", "split0 b"), output.events);
        assertEquals(f + ":3: byte offset 5: not UTF-8", error.getMessage());
        assertEquals(3, error.line());
    }

    @Test
    void aLineOverTheLimitFailsAtItsLineAfterTheEarlierLinesRecords() throws Exception {
        final Path f = file("long.txt", "short\n" + "x".repeat(65) + "\nnever\n");
        final FileSourceReader<String> reader = FileSource.of(f, CharSequence::toString).withMaxLineBytes(64).createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        final SourceParseException error = assertThrows(SourceParseException.class, () -> reader.read(output));
        assertEquals(List.of("split0 short"), output.events);
        assertEquals(f + ":2: longer than the limit of 64 bytes", error.getMessage());
    }

    @Test
    void pausedSplitsAreSkippedUntilResumed() throws Exception {
        final Path a = file("a.txt", "a1\na2\n");
        final Path b = file("b.txt", "b1\nb2\n");
        final FileSourceReader<String> reader = FileSource.of(List.of(a, b), CharSequence::toString).withBatchSize(1).createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        assertTrue(reader.canPauseSplits());

        reader.read(output);
        reader.pauseSplit(0);
        reader.read(output);
        reader.read(output);
        reader.pauseSplit(1);
        assertEquals(ReadStatus.NOTHING_AVAILABLE, reader.read(output));
        reader.resumeSplit(0);
        reader.read(output);

        assertEquals(List.of("split0 a1", "split1 b1", "split1 b2", "split0 a2"), output.events);
        reader.close();
    }

    @Test
    void anInstanceWithoutFilesEndsAtOnce() throws Exception {
        final FileSourceReader<String> reader = FileSource.of(List.of(), CharSequence::toString).createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        assertEquals(ReadStatus.END, reader.read(output));
        assertEquals(List.of(), output.events);
    }

    @Test
    void bytesReadFollowEachBatchOverEveryFileAndStartAtARestoredPosition() throws Exception {
        final Path a = file("a.txt", "1\n2\n3\n4\n");
        final Path b = file("b.txt", "55\n66\n");
        final FileSource<String> source = FileSource.of(List.of(a, b), CharSequence::toString).withBatchSize(3);
        final FileSourceReader<String> reader = source.createReader(0, 1);
        final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();
        final List<Long> afterEachRead = new ArrayList<>();
        afterEachRead.add(reader.bytesRead());
        ReadStatus status;
        do {
            status = reader.read(output);
            afterEachRead.add(reader.bytesRead());
        } while (status != ReadStatus.END);
        // 3 lines of a, all of b, a's last line and its end
        assertEquals(List.of(0L, 6L, 12L, 14L), afterEachRead);

        final FileSourceReader<String> restored = source.createReader(0, 1);
        restored.restorePositions(List.of(new FileSplitPosition(0, a.toString(), 4, 2, false, 8, crc32c("1\n2\n")),
                new FileSplitPosition(1, b.toString(), 3, 1, false, 6, crc32c("55\n"))));
        assertEquals(7, restored.bytesRead());
        restored.read(output);
        assertEquals(11, restored.bytesRead());
        restored.close();
    }

    private static int crc32c(final String text) {
        final java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return (int) crc.getValue();
    }
}
