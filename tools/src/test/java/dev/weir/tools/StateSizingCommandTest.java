package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --state-initial-entries} and {@code --state-max-entries}: a run with more keys than the
 * first map of its window state is sized for grows the state and prints every key's result; a
 * cap stops the same run with the capacity error (docs/state.md, "Sizing and growth").
 */
class StateSizingCommandTest {
    private static final String JOB = "watermarks:\n"
            + "  strategy: bounded-out-of-orderness\n"
            + "  maxOutOfOrderness: 30\n"
            + "  interval: 0\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 1000\n"
            + "parallelism: 1\n";
    private static final int KEYS = 3000;
    private static final String CACHE_PROPERTY = "weir.state.cache-entries";

    @TempDir
    Path dir;

    private Path job;
    private Path records;

    @BeforeEach
    void writeInput() throws IOException {
        job = Files.writeString(dir.resolve("job.yaml"), JOB, StandardCharsets.UTF_8);
        final List<String> lines = new ArrayList<>();
        lines.add("key,ts,value");
        for (int k = 0; k < KEYS; k++) {
            lines.add("k" + k + ",1," + k);
            lines.add("k" + k + ",2,1");
        }
        records = Files.writeString(dir.resolve("records.csv"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        // 64 cached entries of 3000: the window state lives in its maps
        System.setProperty(CACHE_PROPERTY, "64");
    }

    @AfterEach
    void clearCacheSize() {
        System.clearProperty(CACHE_PROPERTY);
    }

    @Test
    void moreKeysThanTheFirstMapIsSizedForGrowTheStateAndEveryKeyFires() {
        for (final String initialEntries : List.of("100", "1000", "2999")) {
            final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--state-initial-entries", initialEntries);

            assertEquals(0, run.exitCode(), run.err());
            // stderr holds only the closing summary: every record read, one window per key fired
            assertEquals(1, run.errLines().size(), run.err());
            assertTrue(run.errLines().get(0).startsWith("weir run: " + 2 * KEYS + " records read, 0 late dropped, 0 late to side output, "
                    + KEYS + " windows fired, 0 checkpoints, "), run.err());
            assertEquals("# lateDropped=0", run.outLines().get(run.outLines().size() - 1));
            final List<String> expected = new ArrayList<>();
            for (int k = 0; k < KEYS; k++) {
                expected.add("FIRE key=k" + k + " window=[0,1000) count=2 sum=" + (k + 1) + " elements=[1,2] wm=MAX");
            }
            assertEquals(sorted(expected), sorted(run.outLines().stream()
                    .filter(line -> line.startsWith("FIRE ")).collect(Collectors.toList())), "initial entries " + initialEntries);
        }
    }

    @Test
    void aCapBelowTheKeysStopsTheSameRunWithTheCapacityError() {
        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--state-max-entries", "1000");

        assertEquals(2, run.exitCode());
        assertEquals("weir: state 'window-contents' of operator 'window' (instance 0, key groups [0, 127]) holds"
                + " 1000 entries, the most state.max-entries=1000 allows; raise state.max-entries (--state-max-entries)"
                + " or use more instances\n", run.err());
        assertFalse(run.out().contains("FIRE "));
    }

    @Test
    void badSizesAndSizesForTheHeapBackendAreUsageErrors() {
        final CommandRun zero = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--state-initial-entries", "0");
        final CommandRun negativeCap = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--state-max-entries", "-5");
        final CommandRun huge = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--state-initial-entries", "100000001");
        final CommandRun heap = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--state", "heap",
                "--state-initial-entries", "10");

        assertEquals(2, zero.exitCode());
        assertEquals("weir: --state-initial-entries must be in 1..100000000, got 0", zero.errLines().get(0));
        assertEquals(2, negativeCap.exitCode());
        assertEquals("weir: --state-max-entries must be in 1..100000000, got -5", negativeCap.errLines().get(0));
        assertEquals(2, huge.exitCode());
        assertEquals("weir: --state-initial-entries must be in 1..100000000, got 100000001", huge.errLines().get(0));
        assertEquals(2, heap.exitCode());
        assertEquals("weir: --state-initial-entries needs --state chronicle", heap.errLines().get(0));
    }

    private static List<String> sorted(final List<String> lines) {
        return lines.stream().sorted().collect(Collectors.toList());
    }
}
