package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir run --restore} refuses a checkpoint it cannot trust, with one line on stderr and
 * exit 2, and prints nothing: a checkpoint of a job with another window, trigger, lateness or
 * late-data handling (the difference named), a manifest with a line deleted, a state file
 * deleted or cut, and a record file changed before its checkpointed position. The untouched
 * checkpoint restores, also at another parallelism.
 */
final class RestoreRefusalTest {
    private static final String WATERMARKS = "watermarks:\n  strategy: monotonous\n  interval: 0\n";
    private static final String TUMBLING = "window:\n  type: tumbling\n  size: 1000\n";
    private static final int RECORDS = 3_000;

    @TempDir
    static Path dir;

    private static Path records;
    private static Path checkpoints;

    /** One run that takes checkpoints while it reads (paced), then the tests restore from a copy of them. */
    @BeforeAll
    static void takeCheckpoints() throws IOException {
        records = dir.resolve("records.csv");
        final StringBuilder text = new StringBuilder("key,ts,value\n");
        for (int i = 0; i < RECORDS; i++) {
            text.append('k').append(i % 13).append(',').append(i * 10L).append(',').append(i % 7).append('\n');
        }
        Files.writeString(records, text, StandardCharsets.UTF_8);
        checkpoints = dir.resolve("checkpoints");
        final CommandRun run = CommandRun.of("run", "--state", "heap", job(TUMBLING + "parallelism: 2\n").toString(), records.toString(),
                "--output", dir.resolve("first.txt").toString(), "--checkpoint-dir", checkpoints.toString(), "--checkpoint-interval", "50ms",
                "--max-rate", "3000");
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(new CheckpointDirectory(checkpoints).latestComplete().checkpointId() > 0, "a checkpoint completed");
    }

    private static Path job(final String rest) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "job", ".yaml"), WATERMARKS + rest);
    }

    /** @return a fresh copy of the checkpoints, to change */
    private static Path copyOfCheckpoints() throws IOException {
        final Path copy = Files.createTempDirectory(dir, "copy");
        try (Stream<Path> paths = Files.walk(checkpoints)) {
            for (final Path path : (Iterable<Path>) paths::iterator) {
                final Path target = copy.resolve(checkpoints.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
        return copy;
    }

    private static Path latest(final Path checkpointRoot) {
        final CheckpointDirectory directory = new CheckpointDirectory(checkpointRoot);
        return directory.checkpointDir(directory.latestComplete().checkpointId());
    }

    private static CommandRun restore(final Path jobFile, final Path from, final Path recordFile) throws IOException {
        final Path output = Files.createTempFile(dir, "restored", ".txt");
        final CommandRun run = CommandRun.of("run", "--state", "heap", jobFile.toString(), recordFile.toString(), "--output", output.toString(),
                "--restore", from.toString());
        if (run.exitCode() != 0) {
            assertEquals("", Files.readString(output), "a refused restore prints no result");
        }
        return run;
    }

    private static void assertRefused(final CommandRun run, final String expected) {
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals(1, run.errLines().size(), run::describe);
        final String line = run.errLines().get(0);
        assertTrue(line.startsWith("weir: ") && line.contains(expected), () -> "expected '" + expected + "' in: " + line);
        assertFalse(line.contains("Exception"), line);
    }

    @Test
    void theUntouchedCheckpointRestoresAtAnotherParallelism() throws IOException {
        final CommandRun run = restore(job(TUMBLING + "parallelism: 3\n"), copyOfCheckpoints(), records);
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(run.err().contains("weir: run: resumed from checkpoint "), run::describe);
    }

    @Test
    void aJobWithAnotherWindowTriggerLatenessOrLateDataIsRefusedNamingTheDifference() throws IOException {
        final Map<String, String> jobs = Map.of(
                "window:\n  type: sliding\n  size: 2000\n  slide: 1000\n",
                "operator keyed-1.window: window assigner: checkpoint has TumblingEventTimeWindows(1000, 0), job has "
                        + "SlidingEventTimeWindows(2000, 1000, 0)",
                "window:\n  type: session\n  gap: 1000\n",
                "operator keyed-1.window: window assigner: checkpoint has TumblingEventTimeWindows(1000, 0), job has EventTimeSessionWindows",
                "window:\n  type: global\n  trigger: count:3\n",
                "operator keyed-1.window: window assigner: checkpoint has TumblingEventTimeWindows(1000, 0), job has GlobalWindows()",
                "window:\n  type: tumbling\n  size: 2000\n",
                "window assigner: checkpoint has TumblingEventTimeWindows(1000, 0), job has TumblingEventTimeWindows(2000, 0)",
                TUMBLING + "  trigger: count:2\n",
                "operator keyed-1.window: trigger: checkpoint has EventTimeTrigger(), job has CountTrigger(2)",
                TUMBLING + "  allowedLateness: 500\n",
                "operator keyed-1.window: allowed lateness: checkpoint has 0 ms, job has 500 ms",
                TUMBLING + "  sideOutputLateData: true\n",
                "operator keyed-1.window: late data: checkpoint has dropped, job has side output late");
        for (final Map.Entry<String, String> differing : jobs.entrySet()) {
            assertRefused(restore(job(differing.getKey()), copyOfCheckpoints(), records), differing.getValue());
        }
    }

    @Test
    void aManifestWithALineDeletedIsRefused() throws IOException {
        for (final String deleted : List.of("operator ", "file records-0-0.pos", "job keyed-1.window window assigner")) {
            final Path copy = copyOfCheckpoints();
            final Path manifest = latest(copy).resolve(Manifest.FILE_NAME);
            final List<String> lines = new ArrayList<>(Files.readAllLines(manifest));
            assertTrue(lines.removeIf(line -> line.startsWith(deleted)), deleted);
            Files.write(manifest, lines);
            assertRefused(restore(job(TUMBLING), copy, records), manifest + " was changed or damaged: its checksum says ");
        }
    }

    @Test
    void aDeletedOrCutStateFileIsRefusedNamingIt() throws IOException {
        final Path deleted = copyOfCheckpoints();
        Files.delete(latest(deleted).resolve("keyed-1.window-1.state"));
        assertRefused(restore(job(TUMBLING), deleted, records), "file keyed-1.window-1.state is missing (its manifest lists it)");

        final Path cut = copyOfCheckpoints();
        final Path state = latest(cut).resolve("keyed-1.window-0.state");
        final byte[] bytes = Files.readAllBytes(state);
        Files.write(state, java.util.Arrays.copyOf(bytes, bytes.length - 5));
        assertRefused(restore(job(TUMBLING), cut, records),
                "file keyed-1.window-0.state has " + (bytes.length - 5) + " bytes, its manifest says " + bytes.length);
    }

    @Test
    void aRecordFileChangedBeforeItsPositionIsRefusedAndAppendedRecordsAreRead() throws IOException {
        final String content = Files.readString(records);
        try {
            Files.writeString(records, "# 11 bytes\n" + content);
            assertRefused(restore(job(TUMBLING), copyOfCheckpoints(), records), records + ": changed before the checkpointed position ");
            Files.writeString(records, content.replaceFirst("k1,10,1", "k1,10,9"));
            assertRefused(restore(job(TUMBLING), copyOfCheckpoints(), records), records + ": changed before the checkpointed position ");
            Files.writeString(records, content.substring(0, 100));
            assertRefused(restore(job(TUMBLING), copyOfCheckpoints(), records), records + ": changed before the checkpointed position ");

            Files.writeString(records, content + "late,100000,5\n");
            final Path output = dir.resolve("appended.txt");
            final CommandRun run = CommandRun.of("run", "--state", "heap", job(TUMBLING).toString(), records.toString(), "--output",
                    output.toString(), "--restore", copyOfCheckpoints().toString());
            assertEquals(0, run.exitCode(), run::describe);
            assertTrue(Files.readAllLines(output).stream().anyMatch(line -> line.startsWith("FIRE key=late window=[100000,101000) count=1 sum=5")),
                    "the appended record is read");
        } finally {
            Files.writeString(records, content);
        }
    }
}
