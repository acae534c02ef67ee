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
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --checkpoint-dir} that holds an earlier run's checkpoints: refused without
 * {@code --restore} or {@code --fresh}; {@code --fresh} deletes them and numbers from 1 again;
 * {@code --restore} resumes as before, but a run resumed from another directory must not
 * checkpoint over one that holds checkpoints unless {@code --fresh}; an empty or new directory
 * just runs.
 */
class CheckpointDirectoryReuseTest {
    private static final String JOB = "watermarks:\n"
            + "  strategy: bounded-out-of-orderness\n"
            + "  maxOutOfOrderness: 0\n"
            + "  interval: 0\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 100\n"
            + "parallelism: 2\n";
    private static final Pattern CHECKPOINTS = Pattern.compile("weir run: \\d+ records read, .* windows fired, (\\d+) checkpoints, ");

    @TempDir
    Path dir;

    @Test
    void aDirectoryWithAnEarlierRunsCheckpointsIsRefusedNamingTheLatestAndTheWaysOut() throws IOException {
        final Path checkpoints = dir.resolve("ckpt");
        complete(checkpoints, 6);
        complete(checkpoints, 7);
        Files.createDirectories(checkpoints.resolve("chk-8")); // unfinished: not one to resume from

        final CommandRun run = CommandRun.of("run", "--format", "fire", job().toString(), records(10).toString(), "--checkpoint-dir", checkpoints.toString());

        assertEquals(2, run.exitCode(), run::describe);
        assertEquals("", run.out());
        assertEquals("weir: " + checkpoints + ": holds checkpoints of an earlier run (latest: checkpoint 7, "
                + checkpoints.resolve("chk-7") + "); resume from it with --restore " + checkpoints
                + ", or start over with --fresh, which deletes the earlier checkpoints\n", run.err());
        assertEquals(List.of(8L, 7L, 6L), new CheckpointDirectory(checkpoints).checkpointIds(), "nothing deleted");
    }

    @Test
    void aDirectoryWithOnlyUnfinishedCheckpointsIsRefusedOfferingAFreshStart() throws IOException {
        final Path checkpoints = dir.resolve("ckpt");
        Files.createDirectories(checkpoints.resolve("chk-2"));
        Files.createDirectories(checkpoints.resolve("chk-3"));

        final CommandRun run = CommandRun.of("run", "--format", "fire", job().toString(), records(10).toString(), "--checkpoint-dir", checkpoints.toString());

        assertEquals(2, run.exitCode(), run::describe);
        assertEquals("weir: " + checkpoints + ": holds unfinished checkpoints of an earlier run (latest: " + checkpoints.resolve("chk-3")
                + ", no complete one to resume from); start over with --fresh, which deletes them\n", run.err());
    }

    @Test
    void freshDeletesTheEarlierCheckpointsAndNumbersTheNewOnesFromOne() throws IOException {
        final Path checkpoints = dir.resolve("ckpt");
        complete(checkpoints, 40);
        Files.createDirectories(checkpoints.resolve("chk-41"));
        final Path unrelated = Files.writeString(checkpoints.resolve("notes.txt"), "kept");

        // paced to 1 s, a checkpoint every 50 ms
        final CommandRun run = CommandRun.of("run", "--format", "fire", job().toString(), records(4_000).toString(), "--checkpoint-dir",
                checkpoints.toString(), "--checkpoint-interval", "50ms", "--max-rate", "4000", "--fresh");

        assertEquals(0, run.exitCode(), run::describe);
        final long taken = checkpointsInSummary(run);
        assertTrue(taken >= 1, run::describe);
        final List<Long> ids = new CheckpointDirectory(checkpoints).checkpointIds();
        assertFalse(ids.contains(40L) || ids.contains(41L), "the earlier checkpoints are gone: " + ids);
        // ids start at 1 again, so the latest complete one's id is the number taken
        assertEquals(taken, new CheckpointDirectory(checkpoints).latestComplete().checkpointId(), run::describe);
        assertTrue(Files.exists(unrelated), "only checkpoints are deleted");
    }

    @Test
    void restoreResumesFromTheDirectoryAsBefore() throws IOException {
        final Path checkpoints = dir.resolve("ckpt");
        final Path records = records(4_000);
        final CommandRun first = CommandRun.of("run", "--format", "fire", job().toString(), records.toString(), "--checkpoint-dir", checkpoints.toString(),
                "--checkpoint-interval", "50ms", "--max-rate", "4000");
        assertEquals(0, first.exitCode(), first::describe);
        final long latest = new CheckpointDirectory(checkpoints).latestComplete().checkpointId();
        assertEquals(latest, checkpointsInSummary(first), first::describe);

        final CommandRun second = CommandRun.of("run", "--format", "fire", job().toString(), records.toString(), "--checkpoint-dir", checkpoints.toString(),
                "--restore", checkpoints.toString(), "--checkpoint-interval", "60m");

        assertEquals(0, second.exitCode(), second::describe);
        assertTrue(second.err().startsWith("weir: run: resumed from checkpoint " + latest + " in " + checkpoints + "\n"),
                second::describe);
        assertEquals(0, checkpointsInSummary(second), second::describe);
        assertEquals("# lateDropped=0", second.outLines().get(second.outLines().size() - 1), second::describe);
    }

    @Test
    void anEmptyOrNewDirectoryJustRuns() throws IOException {
        final Path empty = Files.createDirectories(dir.resolve("empty"));
        for (final Path checkpoints : List.of(empty, dir.resolve("new"))) {
            final CommandRun run = CommandRun.of("run", "--format", "fire", job().toString(), records(10).toString(), "--checkpoint-dir",
                    checkpoints.toString(), "--checkpoint-interval", "60m");

            assertEquals(0, run.exitCode(), run::describe);
            assertEquals(0, checkpointsInSummary(run), run::describe);
            assertEquals(List.of("FIRE key=a window=[0,100) count=10 sum=10 elements=[0,1,2,3,4,5,6,7,8,9] wm=MAX", "# lateDropped=0"),
                    run.outLines());
        }
    }

    @Test
    void freshWithRestoreOrWithoutACheckpointDirectoryIsAUsageError() throws IOException {
        final Path checkpoints = dir.resolve("ckpt");
        complete(checkpoints, 3);

        final CommandRun both = CommandRun.of("run", "--format", "fire", job().toString(), records(10).toString(), "--checkpoint-dir", checkpoints.toString(),
                "--restore", checkpoints.toString(), "--fresh");
        final CommandRun alone = CommandRun.of("run", "--format", "fire", job().toString(), records(10).toString(), "--fresh");

        assertEquals(2, both.exitCode(), both::describe);
        assertEquals("weir: --fresh and --restore exclude each other: --restore resumes from the checkpoints, --fresh deletes them\n"
                + "try 'weir run --help'\n", both.err());
        assertEquals(2, alone.exitCode(), alone::describe);
        assertEquals("weir: --fresh needs --checkpoint-dir\ntry 'weir run --help'\n", alone.err());
        assertEquals(List.of(3L), new CheckpointDirectory(checkpoints).checkpointIds(), "nothing deleted");
    }

    @Test
    void resumingFromAnotherDirectoryIntoOneWithCheckpointsIsRefusedUnlessFresh() throws IOException {
        final Path from = dir.resolve("from");
        final Path records = records(4_000);
        final long latest = checkpointedRun(records, from);
        final Path other = dir.resolve("other");
        complete(other, 6);
        complete(other, 7);

        final CommandRun refused = CommandRun.of("run", "--format", "fire", job().toString(), records.toString(), "--restore", from.toString(),
                "--checkpoint-dir", other.toString(), "--checkpoint-interval", "60m");

        assertEquals(2, refused.exitCode(), refused::describe);
        assertEquals("", refused.out());
        assertEquals("weir: " + other + ": holds checkpoints of an earlier run (latest: " + other.resolve("chk-7") + "), which a run"
                + " resumed from " + from + " would delete; checkpoint into an empty directory, or into " + from
                + " itself, or add --fresh to delete them\n", refused.err());
        assertEquals(List.of(7L, 6L), new CheckpointDirectory(other).checkpointIds(), "nothing deleted");

        final CommandRun fresh = CommandRun.of("run", "--format", "fire", job().toString(), records.toString(), "--restore", from.toString(),
                "--checkpoint-dir", other.toString(), "--checkpoint-interval", "60m", "--fresh");

        assertEquals(0, fresh.exitCode(), fresh::describe);
        assertTrue(fresh.err().startsWith("weir: run: resumed from checkpoint " + latest + " in " + from + "\n"), fresh::describe);
        assertEquals(List.of(), new CheckpointDirectory(other).checkpointIds(), "--fresh deleted them");
    }

    @Test
    void resumingWhereItCheckpointsIsAllowedUnderAnySpelling() throws IOException {
        final Path from = dir.resolve("from");
        final Path records = records(4_000);
        final long latest = checkpointedRun(records, from);
        Files.createDirectories(dir.resolve("sub"));
        for (final Path spelling : List.of(from.resolve("."), dir.resolve("sub").resolve("..").resolve("from"),
                Path.of("").toAbsolutePath().relativize(from))) {
            final CommandRun run = CommandRun.of("run", "--format", "fire", job().toString(), records.toString(), "--restore", from.toString(),
                    "--checkpoint-dir", spelling.toString(), "--checkpoint-interval", "60m");

            assertEquals(0, run.exitCode(), run::describe);
            assertTrue(run.err().startsWith("weir: run: resumed from checkpoint " + latest + " in " + from + "\n"), run::describe);
        }
    }

    /** Runs over the records, paced to 1 s, checkpointing every 50 ms into a directory; returns the latest checkpoint. */
    private long checkpointedRun(final Path records, final Path checkpoints) throws IOException {
        final CommandRun first = CommandRun.of("run", "--format", "fire", job().toString(), records.toString(), "--checkpoint-dir", checkpoints.toString(),
                "--checkpoint-interval", "50ms", "--max-rate", "4000");
        assertEquals(0, first.exitCode(), first::describe);
        return new CheckpointDirectory(checkpoints).latestComplete().checkpointId();
    }

    private static long checkpointsInSummary(final CommandRun run) {
        final Matcher summary = CHECKPOINTS.matcher(run.err());
        assertTrue(summary.find(), run::describe);
        return Long.parseLong(summary.group(1));
    }

    /** A checkpoint directory as complete as far as the refusal looks: it has a manifest. */
    private static void complete(final Path checkpoints, final long id) throws IOException {
        final Path chk = Files.createDirectories(checkpoints.resolve("chk-" + id));
        Files.writeString(chk.resolve(Manifest.FILE_NAME), "complete");
    }

    private Path job() throws IOException {
        return Files.writeString(dir.resolve("job.yaml"), JOB, StandardCharsets.UTF_8);
    }

    /** Key {@code a} at 0, 1, 2, ...: one window of 100 per 100 records. */
    private Path records(final int count) throws IOException {
        final StringBuilder records = new StringBuilder();
        for (int i = 0; i < count; i++) {
            records.append("a,").append(i).append(",1\n");
        }
        return Files.writeString(dir.resolve("records-" + count + ".csv"), records.toString(), StandardCharsets.UTF_8);
    }
}
