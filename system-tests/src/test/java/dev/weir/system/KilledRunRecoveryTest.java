package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.jobs.run.RecordFileJob;
import dev.weir.tools.ChildWeir;
import dev.weir.tools.CommandRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash recovery for real: {@code weir run} with periodic checkpoints runs in a child JVM over
 * a record file and is killed with SIGKILL in the middle; a second child restores from the
 * checkpoint directory and finishes. The last result per key and window over both runs equals
 * an uninterrupted run's; no result is lost; and the results printed by both runs all come
 * after the restored checkpoint's mark in the first run's output.
 */
class KilledRunRecoveryTest {
    private static final Pattern FIRE = Pattern.compile("^FIRE key=(\\S+) window=(\\[\\S+\\)) .*$");
    private static final int RECORDS = 200_000;
    private static final String JOB = "watermarks:\n"
            + "  strategy: monotonous\n"
            + "  interval: 0\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 1000\n"
            + "parallelism: 2\n";

    @TempDir
    Path dir;

    @Test
    void aRunKilledWithSigkillResumesFromItsLastCheckpointAndLosesNothing() throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = writeRecords(dir.resolve("records.csv"));
        final Path checkpoints = dir.resolve("checkpoints");

        final CommandRun uninterrupted = CommandRun.of("run", "--state", "heap", job.toString(), records.toString());
        assertEquals(0, uninterrupted.exitCode(), uninterrupted::describe);
        final Map<String, String> expected = lastResultPerWindow(uninterrupted.outLines());
        assertTrue(expected.size() > 1_000, "windows: " + expected.size());

        final Path firstOutput = dir.resolve("first.txt");
        final ChildWeir first = ChildWeir.start(dir, "first", "run", job.toString(), records.toString(),
                "--output", firstOutput.toString(), "--checkpoint-dir", checkpoints.toString(), "--checkpoint-interval", "100ms",
                "--max-rate", "40000");
        first.awaitMarks(firstOutput, 3, checkpoints);
        first.process().destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no flush, no clean-up
        assertTrue(first.process().waitFor(30, TimeUnit.SECONDS), "the killed run is gone");
        assertEquals(137, first.process().exitValue(), "killed by SIGKILL (128 + 9)");
        final List<String> firstLines = Files.readAllLines(firstOutput);
        assertTrue(firstLines.stream().filter(line -> line.startsWith("FIRE")).count() < expected.size(),
                "the first run was killed before it printed everything");

        final Path secondOutput = dir.resolve("second.txt");
        final ChildWeir second = ChildWeir.start(dir, "second", "run", job.toString(), records.toString(),
                "--output", secondOutput.toString(), "--restore", checkpoints.toString());
        assertTrue(second.process().waitFor(120, TimeUnit.SECONDS), "the restored run ends");
        assertEquals(0, second.process().exitValue(), () -> "restored run failed: " + second.stderrText());
        final List<String> secondLines = Files.readAllLines(secondOutput);

        final List<String> both = new ArrayList<>(firstLines);
        both.addAll(secondLines);
        assertEquals(expected, lastResultPerWindow(both), "last result per key and window, over both runs");

        final long restored = second.resumedCheckpointId();
        final int mark = firstLines.indexOf(RecordFileJob.CHECKPOINT_MARK + restored);
        assertTrue(mark >= 0, "the first run marked checkpoint " + restored + " that the second restored from");
        final Set<String> printedAgain = new HashSet<>(results(secondLines));
        final List<String> beforeMark = results(firstLines.subList(0, mark));
        for (final String line : beforeMark) {
            assertFalse(printedAgain.contains(line), "printed before checkpoint " + restored + " and again after the restore: " + line);
        }
        assertTrue(!beforeMark.isEmpty(), "the restored checkpoint covers results of the first run");
    }

    private static List<String> results(final List<String> lines) {
        final List<String> results = new ArrayList<>();
        for (final String line : lines) {
            if (line.startsWith("FIRE ")) {
                results.add(line);
            }
        }
        return results;
    }

    private static Map<String, String> lastResultPerWindow(final List<String> lines) {
        final Map<String, String> last = new LinkedHashMap<>();
        for (final String line : lines) {
            final Matcher fire = FIRE.matcher(line);
            if (fire.matches()) {
                last.put(fire.group(1) + " " + fire.group(2), line);
            }
        }
        return last;
    }

    private static Path writeRecords(final Path file) throws IOException {
        final StringBuilder text = new StringBuilder("key,ts,value\n");
        for (int i = 0; i < RECORDS; i++) {
            text.append('k').append(i % 37).append(',').append(i * 7L).append(',').append(i % 101).append('\n');
        }
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
