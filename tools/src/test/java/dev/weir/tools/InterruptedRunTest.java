package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.jobs.run.RecordFileJob;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir run} with stdout redirected to a file (buffered, not flushed line by line) and stopped by SIGTERM
 * after some checkpoints: the shutdown flushes every line it printed, stderr gets one {@code interrupted} line,
 * and the output kept up to the restored checkpoint's mark plus a restored run's output equals an uninterrupted
 * run's: no result lost, none twice.
 */
class InterruptedRunTest {
    private static final Pattern TIMING = Pattern.compile(" (elements=\\[[^]]*\\]|wm=\\S+)");
    private static final Pattern INTERRUPTED = Pattern.compile("weir run: interrupted: \\d+ records read, \\d+ late dropped,"
            + " \\d+ late to side output, \\d+ windows fired, \\d+ checkpoints, \\d+\\.\\d\\d s, [\\d,]+ records/s");
    private static final String JOB = "watermarks:\n"
            + "  strategy: monotonous\n"
            + "  interval: 0\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 1000\n"
            + "channels: 2\n"
            + "parallelism: 3\n";

    @TempDir
    Path dir;

    @Test
    void sigtermFlushesTheOutputAndTheRestoredRunCompletesItExactlyOnce() throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path odd = writeRecords(dir.resolve("odd.csv"), 1);
        final Path even = writeRecords(dir.resolve("even.csv"), 0);
        final CommandRun uninterrupted = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), odd.toString(), even.toString());
        assertEquals(0, uninterrupted.exitCode(), uninterrupted::describe);
        final Map<String, Integer> expected = count(uninterrupted.outLines());

        final Path checkpoints = dir.resolve("checkpoints");
        final ChildWeir killed = ChildWeir.start(dir, "killed", "run", "--format", "fire", "--state", "heap", "--no-progress", job.toString(),
                odd.toString(), even.toString(), "--checkpoint-dir", checkpoints.toString(), "--checkpoint-interval", "50ms",
                "--max-rate", "500");
        // stopped once results and two marks after them are out (written by the flush after each mark)
        awaitOutput(killed, lines -> {
            final int firstResult = lines.indexOf(lines.stream().filter(line -> line.startsWith("FIRE ")).findFirst().orElse(""));
            return firstResult >= 0 && lines.subList(firstResult, lines.size()).stream().filter(InterruptedRunTest::isComment)
                    .count() >= 2;
        });
        killed.process().destroy(); // SIGTERM: the shutdown hook runs
        assertEquals(143, killed.awaitExit(60), "ended by SIGTERM (128 + 15)");
        final List<String> stderr = Files.readAllLines(killed.stderr());
        assertEquals(1, stderr.size(), () -> "one line on stderr: " + stderr);
        assertTrue(INTERRUPTED.matcher(stderr.get(0)).matches(), stderr.get(0));

        final List<String> killedLines = Files.readAllLines(killed.stdout());
        final ChildWeir restored = ChildWeir.start(dir, "restored", "run", "--format", "fire", "--state", "heap", job.toString(), odd.toString(),
                even.toString(), "--restore", checkpoints.toString());
        assertEquals(0, restored.awaitExit(60), restored::stderrText);
        final long restoredId = restored.resumedCheckpointId();
        final int mark = killedLines.indexOf(RecordFileJob.CHECKPOINT_MARK + restoredId);
        assertTrue(mark > 0, "the killed run's output holds the mark of the checkpoint restored from, " + restoredId);
        final List<String> both = new ArrayList<>(killedLines.subList(0, mark));
        both.addAll(Files.readAllLines(restored.stdout()));
        final Map<String, Integer> actual = count(both);

        int lost = 0;
        int doubled = 0;
        for (final Map.Entry<String, Integer> result : expected.entrySet()) {
            final int got = actual.getOrDefault(result.getKey(), 0);
            lost += Math.max(0, result.getValue() - got);
            doubled += Math.max(0, got - result.getValue());
        }
        for (final Map.Entry<String, Integer> result : actual.entrySet()) {
            if (!expected.containsKey(result.getKey())) {
                doubled += result.getValue();
            }
        }
        final int keptResults = mark - (int) killedLines.subList(0, mark).stream().filter(InterruptedRunTest::isComment).count();
        System.out.printf("InterruptedRunTest: %d results in all, %d kept up to mark %d, %d lost, %d doubled%n",
                uninterrupted.outLines().size() - 1, keptResults, restoredId, lost, doubled);
        assertEquals(0, lost, "results lost");
        assertEquals(0, doubled, "results printed twice");
        assertTrue(keptResults > 0, "the killed run kept results");
    }

    @Test
    void aPacedReplayStoppedBySigtermKeepsEveryRowItPrintedWhole() throws Exception {
        final String capture = Path.of(System.getProperty("weir.repo.root")).resolve("examples/replay/itch-sample.pcap").toString();
        final CommandRun whole = CommandRun.of("replay", "--pipeline", "ohlcv", capture);
        assertEquals(0, whole.exitCode(), whole::describe);
        // the capture lasts about 25 s in real time; the default (off-heap) state closes its maps on shutdown too
        final ChildWeir replay = ChildWeir.start(dir, "replay", "replay", "--pipeline", "ohlcv", "--pace", "realtime", capture);
        awaitOutput(replay, lines -> lines.size() >= 3);
        replay.process().destroy();
        assertEquals(143, replay.awaitExit(60), "ended by SIGTERM (128 + 15)");
        final List<String> stderr = Files.readAllLines(replay.stderr());
        assertEquals(1, stderr.size(), () -> "one line on stderr: " + stderr);
        assertTrue(Pattern.matches("weir replay: interrupted: \\d+ packets, \\d+ events, \\S+ \\S+ of 1\\.4 MB read, \\d+\\.\\d\\d s",
                stderr.get(0)), stderr.get(0));
        final String printed = Files.readString(replay.stdout());
        assertTrue(printed.endsWith("\n"), "the last row is whole");
        final List<String> rows = printed.lines().toList();
        assertTrue(rows.size() >= 3 && rows.size() < whole.outLines().size(), "stopped on the way: " + rows.size() + " rows");
        assertEquals(whole.outLines().subList(0, rows.size()), rows, "the rows of the uninterrupted replay, in order");
    }

    /** Waits until the whole lines of the child's stdout pass {@code test}, failing if it ends first or takes over a minute. */
    private static void awaitOutput(final ChildWeir child, final Predicate<List<String>> test) throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertTrue(child.process().isAlive(), () -> "the child ended first: " + child.stderrText());
            final String text = Files.readString(child.stdout());
            if (test.test(text.substring(0, text.lastIndexOf('\n') + 1).lines().toList())) {
                return;
            }
            child.process().waitFor(10, TimeUnit.MILLISECONDS);
        }
        child.process().destroyForcibly();
        throw new AssertionError("the output was not there within 60 s: " + child.stderrText());
    }

    private static boolean isComment(final String line) {
        return line.startsWith("#");
    }

    /** Result lines and how often each occurs, without the timing-dependent parts; marks and the closing line are not results. */
    private static Map<String, Integer> count(final List<String> lines) {
        final Map<String, Integer> counts = new TreeMap<>();
        for (final String line : lines) {
            if (!isComment(line)) {
                counts.merge(TIMING.matcher(line).replaceAll(""), 1, Integer::sum);
            }
        }
        return counts;
    }

    /** Records in event-time order over 53 keys; the two files interleave their timestamps. */
    private static Path writeRecords(final Path file, final int parity) throws IOException {
        final StringBuilder text = new StringBuilder("key,ts,value\n");
        for (int i = 0; i < 3_000; i++) {
            final int n = 2 * i + parity;
            text.append('k').append(n % 53).append(',').append(n * 5L).append(',').append(n % 101).append('\n');
        }
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
