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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpoint mark of {@code weir run} is exact at parallelism 3: a run in a child JVM is
 * killed with SIGKILL after its {@code k}-th mark (for several {@code k}), a second child
 * restores from the checkpoint directory, and the first run's output up to the mark of the
 * restored checkpoint plus the second run's output equals an uninterrupted run's output line for
 * line, as a multiset: nothing lost, nothing twice.
 */
class ExactCheckpointMarkTest {
    private static final Pattern FIRE = Pattern.compile("^FIRE key=(\\S+) window=(\\[\\S+\\)) .*$");
    private static final Pattern TIMING = Pattern.compile(" (elements=\\[[^]]*\\]|wm=\\S+)");
    private static final int RECORDS_PER_FILE = 3_000;
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
    void keepingTheKilledOutputUpToTheMarkAndAppendingTheRestoredOutputIsExactlyOnce() throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path odd = writeRecords(dir.resolve("odd.csv"), 1);
        final Path even = writeRecords(dir.resolve("even.csv"), 0);
        final CommandRun uninterrupted = CommandRun.of("run", "--state", "heap", job.toString(), odd.toString(), even.toString());
        assertEquals(0, uninterrupted.exitCode(), uninterrupted::describe);
        final Map<String, Integer> expected = count(uninterrupted.outLines());
        assertTrue(expected.size() > 1_000, "distinct results: " + expected.size());

        for (final int marks : new int[] {1, 2, 4, 6, 9}) {
            final Path checkpoints = dir.resolve("checkpoints-" + marks);
            final Path killedOutput = dir.resolve("killed-" + marks + ".txt");
            final ChildWeir killed = ChildWeir.start(dir, "killed-" + marks, "run", "--state", "heap", job.toString(), odd.toString(),
                    even.toString(), "--output", killedOutput.toString(), "--checkpoint-dir", checkpoints.toString(),
                    "--checkpoint-interval", "50ms", "--max-rate", "500");
            killed.awaitMarks(killedOutput, marks, checkpoints);
            killed.process().destroyForcibly(); // SIGKILL: no shutdown hook, no flush
            assertTrue(killed.process().waitFor(30, TimeUnit.SECONDS), "the killed run is gone");
            assertEquals(137, killed.process().exitValue(), "killed by SIGKILL (128 + 9)");

            final Path restoredOutput = dir.resolve("restored-" + marks + ".txt");
            final ChildWeir restored = ChildWeir.start(dir, "restored-" + marks, "run", "--state", "heap", job.toString(),
                    odd.toString(), even.toString(), "--output", restoredOutput.toString(), "--restore", checkpoints.toString());
            assertTrue(restored.process().waitFor(60, TimeUnit.SECONDS), "the restored run ends");
            assertEquals(0, restored.process().exitValue(), () -> "restored run failed: " + restored.stderrText());

            final List<String> kept = keptOutput(Files.readAllLines(killedOutput), restored.resumedCheckpointId());
            final List<String> both = new ArrayList<>(kept);
            both.addAll(Files.readAllLines(restoredOutput));
            final Map<String, Integer> actual = count(both);
            assertTrue(expected.equals(actual), () -> "killed after mark " + marks + ": kept output plus restored output, line for line: "
                    + difference(expected, actual));
            assertEquals(lastResultPerWindow(uninterrupted.outLines()), lastResultPerWindow(both), "last result per key and window");
        }
    }

    /**
     * What a user keeps of a killed run: its lines up to the mark of the checkpoint the restored
     * run resumed from, or all of them when it was killed between completing that checkpoint and
     * printing its mark (then every printed line precedes the checkpoint's barriers).
     */
    private static List<String> keptOutput(final List<String> killed, final long restoredId) {
        final int mark = killed.indexOf(RecordFileJob.CHECKPOINT_MARK + restoredId);
        if (mark < 0) {
            assertTrue(killed.stream().noneMatch(line -> line.startsWith(RecordFileJob.CHECKPOINT_MARK)
                    && Long.parseLong(line.substring(RecordFileJob.CHECKPOINT_MARK.length())) > restoredId),
                    "no mark after the restored checkpoint");
            return killed;
        }
        return killed.subList(0, mark);
    }

    /**
     * Result lines (FIRE, LATE) and how often each occurs; marks are not results. The watermark
     * at firing ({@code wm=}) and the order of a window's elements depend on timing (how the
     * two inputs interleave), so they are left out: a line is its key, window, count and sum.
     */
    private static Map<String, Integer> count(final List<String> lines) {
        final Map<String, Integer> counts = new TreeMap<>();
        for (final String line : lines) {
            if (!line.startsWith(RecordFileJob.CHECKPOINT_MARK)) {
                counts.merge(TIMING.matcher(line).replaceAll(""), 1, Integer::sum);
            }
        }
        return counts;
    }

    private static String difference(final Map<String, Integer> expected, final Map<String, Integer> actual) {
        final List<String> differences = new ArrayList<>();
        final Set<String> lines = new TreeSet<>(expected.keySet());
        lines.addAll(actual.keySet());
        for (final String line : lines) {
            final int want = expected.getOrDefault(line, 0);
            final int got = actual.getOrDefault(line, 0);
            if (want != got) {
                differences.add(got + " times instead of " + want + ": " + line);
            }
        }
        return differences.size() + " lines differ, first " + differences.subList(0, Math.min(10, differences.size()));
    }

    private static Map<String, String> lastResultPerWindow(final List<String> lines) {
        final Map<String, String> last = new TreeMap<>();
        for (final String line : lines) {
            final Matcher fire = FIRE.matcher(line);
            if (fire.matches()) {
                last.put(fire.group(1) + " " + fire.group(2), TIMING.matcher(line).replaceAll(""));
            }
        }
        return last;
    }

    /** Records in event-time order over 53 keys; the two files interleave their timestamps. */
    private static Path writeRecords(final Path file, final int parity) throws IOException {
        final StringBuilder text = new StringBuilder("key,ts,value\n");
        for (int i = 0; i < RECORDS_PER_FILE; i++) {
            final int n = 2 * i + parity;
            text.append('k').append(n % 53).append(',').append(n * 5L).append(',').append(n % 101).append('\n');
        }
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
