package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exactly-once for a two-input application, for real: {@link OrderExecutionService} (a union of two order files
 * interval-joined by account with an executions file at parallelism 3, bounded out-of-orderness watermarks,
 * checkpoints every 50 ms) runs in a child JVM with this JVM's flags and class path, is killed with SIGKILL once
 * checkpoint N completed, and is started again with the same command ({@code resumeOrStart}). It resumes each of its
 * three inputs at its restored publisher's offset and cuts its results files back to the restored checkpoint's
 * barrier. The matches kept and written after the restart are exactly those of an uninterrupted run: none lost, none
 * doubled. A subclass for each state backend names the backend's options of the service; the modules of other
 * backends get this class from the engine's test-jar.
 */
public abstract class KilledJoinRecoveryCheck {
    private static final String POSITION = "(\\d+) records, offset (\\d+)";
    private static final Pattern RESUMED = Pattern.compile(
            "resumed from checkpoint (\\d+) at " + POSITION + "; " + POSITION + "; " + POSITION);
    /** Lines of each input file. */
    private static final int LINES = 20_000;
    private static final int ACCOUNTS = 11;

    @TempDir
    Path dir;

    /** @return the service's backend options: none for the heap, or {@code --backend-factory <class>} */
    protected abstract List<String> backendOptions();

    /**
     * Kills the service once checkpoint {@code killAfter} completed, starts it again and compares its matches with an
     * uninterrupted run's.
     *
     * @param killAfter the checkpoint after which the first run is killed
     * @throws Exception if a run or a file fails
     */
    @ParameterizedTest(name = "killed after checkpoint {0}")
    @ValueSource(ints = {3, 6, 9})
    public void aJoinKilledWithSigkillAndStartedAgainGivesEveryMatchOnce(final int killAfter) throws Exception {
        final Path inputs = writeInputs(dir.resolve("inputs"));
        OrderExecutionService.run(inputs, dir.resolve("reference-checkpoints"), dir.resolve("reference"), 0,
                OrderExecutionService.backend(backendOptions()));
        final List<String> expected = results(dir.resolve("reference"));
        assertEquals(expectedMatches(), expected.size(), "the uninterrupted run finds every order and execution within the bounds");

        final Path checkpoints = dir.resolve("checkpoints");
        final Path output = dir.resolve("output");
        final Process first = startService(inputs, checkpoints, output, "first");
        awaitLine(first, dir.resolve("first.out"), "checkpoint " + killAfter + " completed");
        first.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no flush
        assertTrue(first.waitFor(30, TimeUnit.SECONDS), "the killed service is gone");
        assertEquals(137, first.exitValue(), "killed by SIGKILL (128 + 9)");
        assertFalse(Files.readString(dir.resolve("first.out")).contains("done"), "killed before the end of its inputs");
        final int beforeKill = results(output).size();
        assertTrue(beforeKill > 0, "matches were written before the kill, so the restart has some to keep and some to cut");

        final Process second = startService(inputs, checkpoints, output, "second");
        assertTrue(second.waitFor(120, TimeUnit.SECONDS), "the restarted service ends");
        final String secondOut = Files.readString(dir.resolve("second.out"));
        assertEquals(0, second.exitValue(), () -> "the restarted service failed: " + read(dir.resolve("second.err")));
        final Matcher resumed = RESUMED.matcher(secondOut);
        assertTrue(resumed.find(), "the restarted service names its positions: " + secondOut);
        final long checkpoint = Long.parseLong(resumed.group(1));
        assertTrue(checkpoint >= killAfter, "resumed from a checkpoint the first run completed: " + checkpoint);
        long restoredRecords = 0;
        for (int input = 0; input < 3; input++) {
            final long records = Long.parseLong(resumed.group(2 + 2 * input));
            restoredRecords += records;
            final Path file = inputs.resolve(OrderExecutionService.INPUTS.get(input));
            assertTrue(records < LINES, "resumed inside " + file.getFileName() + ": " + records);
            assertEquals(byteOffsetAfter(file, records), Long.parseLong(resumed.group(3 + 2 * input)),
                    "the offset of " + file.getFileName() + " is the end of the line of its last record before the barrier");
        }
        assertTrue(restoredRecords > 0, "the restored checkpoint holds records");

        final List<String> actual = results(output);
        final Map<String, Integer> times = new TreeMap<>();
        for (final String result : actual) {
            times.merge(result, 1, Integer::sum);
        }
        long lost = 0;
        for (final String result : expected) {
            lost += times.containsKey(result) ? 0 : 1;
        }
        final long doubled = times.values().stream().filter(n -> n > 1).count();
        final String compared = expected.size() + " matches compared (" + beforeKill + " written before the kill, restored from checkpoint "
                + checkpoint + " at " + restoredRecords + " records): " + lost + " lost, " + doubled + " doubled, "
                + (actual.size() - expected.size()) + " more than expected";
        assertEquals(0, lost, compared);
        assertEquals(0, doubled, compared);
        assertEquals(expected, actual, compared);
        System.out.println(compared);
    }

    /** The jitter of line {@code i}'s time: -4 to 4 ms, so that a file is out of order by at most 6 ms. */
    private static long jitter(final int i) {
        return i * 7919L % 9 - 4;
    }

    private static long orderTime(final int file, final int i) {
        return 2L * i + file + jitter(i + file);
    }

    private static int orderAccount(final int file, final int i) {
        return (i * (file == 0 ? 1 : 3)) % ACCOUNTS;
    }

    private static long executionTime(final int i) {
        return 2L * i + jitter(i + 5);
    }

    private static int executionAccount(final int i) {
        return i * 5 % ACCOUNTS;
    }

    /** Orders every 2 ms of event time in each order file, executions every 2 ms, out of order by a few ms. */
    private static Path writeInputs(final Path inputs) throws IOException {
        Files.createDirectories(inputs);
        for (int file = 0; file < 2; file++) {
            final StringBuilder text = new StringBuilder("id,account,time\n");
            for (int i = 0; i < LINES; i++) {
                text.append(file == 0 ? 'e' : 'w').append(i).append(',').append(orderAccount(file, i)).append(',')
                        .append(orderTime(file, i)).append('\n');
            }
            Files.writeString(inputs.resolve(OrderExecutionService.INPUTS.get(file)), text, StandardCharsets.UTF_8);
        }
        final StringBuilder text = new StringBuilder("id,account,time\n");
        for (int i = 0; i < LINES; i++) {
            text.append('x').append(i).append(',').append(executionAccount(i)).append(',').append(executionTime(i)).append('\n');
        }
        Files.writeString(inputs.resolve(OrderExecutionService.INPUTS.get(2)), text, StandardCharsets.UTF_8);
        return inputs;
    }

    /** @return how many (order, execution) pairs of one account lie within the join's bounds: a nested loop */
    private static long expectedMatches() {
        long matches = 0;
        for (int file = 0; file < 2; file++) {
            for (int i = 0; i < LINES; i++) {
                final long time = orderTime(file, i);
                // executions near the order's time: their index is about time / 2
                for (int j = Math.max(0, (int) (time / 2) - 10); j < Math.min(LINES, time / 2 + 10); j++) {
                    final long delta = executionTime(j) - time;
                    if (executionAccount(j) == orderAccount(file, i) && delta >= OrderExecutionService.LOWER
                            && delta <= OrderExecutionService.UPPER) {
                        matches++;
                    }
                }
            }
        }
        return matches;
    }

    /** @return the byte offset after the line of record {@code records} (the header is line 0) */
    private static long byteOffsetAfter(final Path input, final long records) throws IOException {
        final byte[] bytes = Files.readAllBytes(input);
        long lines = -1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && ++lines == records) {
                return i + 1;
            }
        }
        throw new AssertionError(input + " has fewer than " + records + " records");
    }

    /** @return every match line of every join instance's file, sorted */
    private static List<String> results(final Path output) throws IOException {
        final List<String> lines = new ArrayList<>();
        for (int instance = 0; instance < OrderExecutionService.PARALLELISM; instance++) {
            final Path file = output.resolve("results-" + instance + ".csv");
            if (Files.exists(file)) {
                lines.addAll(Files.readAllLines(file));
            }
        }
        lines.sort(null);
        return lines;
    }

    /** The service in a child JVM: this JVM's java, flags and class path; stdout and stderr in files named after it. */
    private Process startService(final Path inputs, final Path checkpoints, final Path output, final String name) throws IOException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--add-") || flag.startsWith("-D") || flag.startsWith("--enable-native-access")
                    || flag.startsWith("--sun-misc")) {
                command.add(flag);
            }
        }
        command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path"), OrderExecutionService.class.getName(),
                inputs.toString(), checkpoints.toString(), output.toString(), "5000"));
        command.addAll(backendOptions());
        return new ProcessBuilder(command).redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile()).start();
    }

    /** Waits until the child's stdout holds {@code line}, failing if it ends first or takes more than a minute. */
    private void awaitLine(final Process child, final Path stdout, final String line) throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.exists(stdout) && Files.readAllLines(stdout).contains(line)) {
                return;
            }
            if (child.waitFor(10, TimeUnit.MILLISECONDS)) {
                fail("the service ended before it was killed: exit " + child.exitValue() + ", stderr: " + read(dir.resolve("first.err")));
            }
        }
        child.destroyForcibly();
        fail("no '" + line + "' within 60 s; stderr: " + read(dir.resolve("first.err")));
    }

    private static String read(final Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
