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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once for a publisher-fed application, for real: {@link VwapService} runs in a child
 * JVM, is killed with SIGKILL once ten checkpoints completed, and is started again with the
 * same command ({@code resumeOrStart}). It resumes its input file at the restored publisher's
 * offset and cuts its results files back to the restored checkpoint's barrier. Its results,
 * per symbol and window, are those of an uninterrupted run: none lost, none doubled, none with
 * a trade counted twice.
 */
final class KilledPublisherRecoveryTest {
    private static final Pattern RESUMED = Pattern.compile("resumed from checkpoint (\\d+) at (\\d+) records, offset (\\d+)");
    private static final int TRADES = 60_000;
    private static final String[] SYMBOLS = {"AAPL", "MSFT", "NVDA", "AMZN", "META", "GOOGL"};

    @TempDir
    Path dir;

    @Test
    void anApplicationKilledWithSigkillAndStartedAgainGivesEveryWindowOnce() throws Exception {
        final Path input = writeTrades(dir.resolve("trades.csv"));
        VwapService.run(input, dir.resolve("reference-checkpoints"), dir.resolve("reference"), 0);
        final List<String> expected = results(dir.resolve("reference"));
        assertEquals(TRADES / 200 * SYMBOLS.length, expected.size(), "one result per symbol and second of the input");

        final Path checkpoints = dir.resolve("checkpoints");
        final Path output = dir.resolve("output");
        final Process first = startService(input, checkpoints, output, "first");
        // by its tenth checkpoint (at 50 ms each) periodic watermarks have fired windows, whose results went to the files at barriers
        awaitLine(first, dir.resolve("first.out"), "checkpoint 10 completed");
        first.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no flush
        assertTrue(first.waitFor(30, TimeUnit.SECONDS), "the killed service is gone");
        assertEquals(137, first.exitValue(), "killed by SIGKILL (128 + 9)");
        assertFalse(Files.readString(dir.resolve("first.out")).contains("done"), "killed before the end of its input");
        final int beforeKill = results(output).size();
        assertTrue(beforeKill > 0, "results were written before the kill, so the restart has some to keep and some to cut");

        final Process second = startService(input, checkpoints, output, "second");
        assertTrue(second.waitFor(120, TimeUnit.SECONDS), "the restarted service ends");
        final String secondOut = Files.readString(dir.resolve("second.out"));
        assertEquals(0, second.exitValue(), () -> "the restarted service failed: " + read(dir.resolve("second.err")));
        final Matcher resumed = RESUMED.matcher(secondOut);
        assertTrue(resumed.find(), "the restarted service names its position: " + secondOut);
        final long checkpoint = Long.parseLong(resumed.group(1));
        final long records = Long.parseLong(resumed.group(2));
        assertTrue(checkpoint >= 10, "resumed from a checkpoint the first run completed: " + checkpoint);
        assertTrue(records > 0 && records < TRADES, "resumed inside the input: " + records);
        assertEquals(byteOffsetAfter(input, records), Long.parseLong(resumed.group(3)),
                "the offset the publisher recorded is the end of the line of its last record before the barrier");

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
        final String compared = expected.size() + " results per symbol and window compared (" + beforeKill
                + " written before the kill, restored from checkpoint " + checkpoint + " at record " + records + "): " + lost + " lost, "
                + doubled + " doubled, " + (actual.size() - expected.size()) + " more than expected";
        assertEquals(expected, actual, compared);
        assertEquals(0, lost, compared);
        assertEquals(0, doubled, compared);
        System.out.println(compared);
    }

    /** Trades every 5 ms of event time, cycling through the symbols: 200 a second, 1 s windows of about 33 trades each. */
    private static Path writeTrades(final Path file) throws IOException {
        final StringBuilder text = new StringBuilder("symbol,time,price,quantity\n");
        for (int i = 0; i < TRADES; i++) {
            text.append(SYMBOLS[i % SYMBOLS.length]).append(',').append(i * 5L).append(',').append(10_000 + i % 97).append(',')
                    .append(1 + i % 13).append('\n');
        }
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** @return the byte offset after the line of trade {@code records} (the header is line 0) */
    private static long byteOffsetAfter(final Path input, final long records) throws IOException {
        final byte[] bytes = Files.readAllBytes(input);
        long lines = -1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && ++lines == records) {
                return i + 1;
            }
        }
        throw new AssertionError("the input has fewer than " + records + " trades");
    }

    /** @return every result line of every instance's file, sorted */
    private static List<String> results(final Path output) throws IOException {
        final List<String> lines = new ArrayList<>();
        for (int instance = 0; instance < 2; instance++) {
            final Path file = output.resolve("results-" + instance + ".csv");
            if (Files.exists(file)) {
                lines.addAll(Files.readAllLines(file));
            }
        }
        lines.sort(null);
        return lines;
    }

    /** The service in a child JVM: this JVM's java, flags and class path; stdout and stderr in files named after it. */
    private Process startService(final Path input, final Path checkpoints, final Path output, final String name) throws IOException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--add-") || flag.startsWith("-D") || flag.startsWith("--enable-native-access")
                    || flag.startsWith("--sun-misc")) {
                command.add(flag);
            }
        }
        command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path"), VwapService.class.getName(), input.toString(),
                checkpoints.toString(), output.toString(), "20000"));
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
