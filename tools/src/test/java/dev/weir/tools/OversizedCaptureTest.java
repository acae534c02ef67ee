package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture above the reader's 2 GiB - 1 byte is refused by {@code weir replay} and {@code weir inspect} with the
 * other checks of the files, before anything is printed: one line with its size and the limit, exit code 2, even
 * when it comes after a capture that could be read.
 */
class OversizedCaptureTest {
    private static final String REFUSAL = ": the file has 2147483648 bytes; captures of at most 2147483647 bytes are supported"
            + " (split larger ones, e.g. with editcap -c)";

    @TempDir
    Path dir;

    @Test
    void replayRefusesItBeforeAnyRowIsPrinted() throws IOException {
        final Path huge = oversized();
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", sample(), huge.toString());
        run.assertBadInput(huge + REFUSAL);
        assertEquals("", run.out());
    }

    @Test
    void inspectRefusesItBeforeAnyFileIsReported() throws IOException {
        final Path huge = oversized();
        for (final List<String> args : List.of(List.of("inspect", sample(), huge.toString()),
                List.of("inspect", "--format", "json", huge.toString()))) {
            final CommandRun run = CommandRun.of(args.toArray(new String[0]));
            run.assertBadInput(huge + REFUSAL);
            assertEquals("", run.out());
        }
    }

    /** A sparse file one byte over the limit: no disk space is used for its hole. */
    private Path oversized() throws IOException {
        final Path huge = dir.resolve("huge.pcap");
        try (RandomAccessFile sparse = new RandomAccessFile(huge.toFile(), "rw")) {
            sparse.setLength(Integer.MAX_VALUE + 1L);
        }
        return huge;
    }

    private static String sample() {
        final String root = System.getProperty("weir.repo.root");
        assertTrue(root != null && Files.isDirectory(Path.of(root)), "system property weir.repo.root must name the repository's root");
        return Path.of(root, "examples/replay/itch-sample.pcap").toString();
    }
}
