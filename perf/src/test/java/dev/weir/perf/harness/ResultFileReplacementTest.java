package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.files.UnwritableFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The result files are each replaced whole: writing them again over an earlier run's leaves only the files of the
 * names written, and a name that is taken by something other than a regular file (here a named pipe) is refused
 * with one message, left as it is, and leaves no temporary file behind.
 */
final class ResultFileReplacementTest {
    private static final BenchmarkPlan PLAN = new BenchmarkPlan(new long[] {BenchmarkPlan.FLAT_OUT}, 0, 3, 1);

    private static List<SystemResult> results() throws InterruptedException {
        return new Harness<>(new SteppingClock(0), new ProbeEvents()).system("silent", arrivals -> new SilentPipeline()).run(PLAN);
    }

    private static List<String> names(final Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void filesWrittenAgainReplaceTheEarlierOnesAndLeaveNothingElse(@TempDir final Path out) throws Exception {
        final List<SystemResult> results = results();
        ResultFiles.write(out, results, PLAN);
        final List<String> first = names(out);
        Files.writeString(out.resolve("summary.json"), "an earlier run's summary");
        ResultFiles.write(out, results, PLAN);
        assertEquals(List.of("latency-max.png", "latency-max.svg", "summary.json", "throughput.png", "throughput.svg"), first);
        assertEquals(first, names(out));
        assertTrue(Files.readString(out.resolve("summary.json")).startsWith("{"), "the summary was replaced");
    }

    @Test
    void aNamedPipeInThePlaceOfAFileIsRefusedAndLeftAsItIs(@TempDir final Path out) throws Exception {
        final Path pipe = out.resolve("throughput.svg");
        final Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).inheritIO().start();
        assertTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo " + pipe);
        final List<SystemResult> results = results();
        final UnwritableFileException refused = assertThrows(UnwritableFileException.class, () -> ResultFiles.write(out, results, PLAN));
        assertEquals("cannot write " + pipe + ": is a named pipe (FIFO), not a regular file", refused.getMessage());
        assertTrue(Files.exists(pipe) && !Files.isRegularFile(pipe), "the named pipe is still one");
        assertEquals(List.of("latency-max.png", "latency-max.svg", "summary.json", "throughput.png", "throughput.svg"), names(out));
    }
}
