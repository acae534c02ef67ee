package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One checkpoint directory, one run: while a run checkpoints into a directory, a second run can neither
 * checkpoint there nor restore from it (one line, exit code 2, the first run untouched); once it has ended, the
 * directory is free again. A {@code --checkpoint-dir} that is a loop of links, or one that cannot be created or
 * written, is one line with exit code 2 too.
 */
class CheckpointDirectoryLockTest {
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 100\n";

    @TempDir
    Path dir;

    @Test
    void aSecondRunIsRefusedWhileTheFirstCheckpointsAndMayGoOnAfterwards() throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = records(3_000);
        final Path checkpoints = dir.resolve("ckpt");
        final Path firstOutput = dir.resolve("first.txt");
        // paced to about 3 s, a checkpoint every 50 ms
        final ChildWeir first = ChildWeir.start(dir, "first", "run", "--state", "heap", job.toString(), records.toString(),
                "--output", firstOutput.toString(), "--checkpoint-dir", checkpoints.toString(), "--checkpoint-interval", "50ms",
                "--max-rate", "1000");
        first.awaitMarks(firstOutput, 1);
        final String inUse = checkpoints + ": is in use by another weir run (process " + first.process().pid()
                + "); wait for it to end, or give another directory";

        CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--checkpoint-dir", checkpoints.toString(),
                "--fresh").assertBadInput(inUse);
        CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--restore", checkpoints.toString())
                .assertBadInput(inUse);
        CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--restore", checkpoints.toString(),
                "--checkpoint-dir", dir.resolve("other").toString()).assertBadInput(inUse);

        assertEquals(0, first.awaitExit(60), first::stderrText);
        assertTrue(Files.readAllLines(firstOutput).contains("# lateDropped=0"), "the first run ended as usual");
        final CommandRun after = CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--restore",
                checkpoints.toString());
        assertEquals(0, after.exitCode(), after::describe);
    }

    @Test
    void aCheckpointDirectoryThatCannotBeUsedIsOneLine() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = records(10);
        final Path loop = Files.createSymbolicLink(dir.resolve("loop"), dir.resolve("loop"));
        CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--checkpoint-dir", loop.toString())
                .assertBadInput(loop + ": --checkpoint-dir is a symbolic link that leads to no directory: the links make a loop");

        final Path underAFile = records.resolve("ckpt");
        CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--checkpoint-dir", underAFile.toString())
                .assertBadInput(underAFile + ": --checkpoint-dir cannot be created: Not a directory");

        final Path blocked = Files.createDirectories(dir.resolve("blocked"));
        Files.createDirectory(blocked.resolve("weir.lock"));
        CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--checkpoint-dir", blocked.toString())
                .assertBadInput(blocked + ": --checkpoint-dir cannot be written (weir.lock): Is a directory");
    }

    private Path records(final int count) throws IOException {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append('k').append(i % 5).append(',').append(i).append(',').append(1).append('\n');
        }
        return Files.writeString(dir.resolve("r-" + count + ".csv"), text, StandardCharsets.UTF_8);
    }
}
