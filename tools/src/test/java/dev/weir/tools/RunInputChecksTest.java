package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code weir run} refuses what would destroy data or cannot work, before it starts: an
 * {@code --output} that is an input, the job file or a checkpoint file (however the path is
 * spelled); a directory as a record file; a {@code --checkpoint-dir} that is a file; a job
 * without a window; bad checkpoint and line-limit options. A record file that shrank below a
 * checkpoint's position fails the restore as bad input. Exit code 2, one line, no exception
 * names, and every input file is left as it was.
 */
class RunInputChecksTest {
    private static final Pattern EXCEPTION_NAME = Pattern.compile("[A-Za-z]*(Exception|Error)\\b");
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 100\n";
    private static final String RECORDS = "k,1,1\nk,150,2\n";
    private static final String DESTROYS = "; writing there would destroy it (choose another output file)";

    @TempDir
    Path dir;

    private Path job;
    private Path records;

    @BeforeEach
    void writeInputs() throws IOException {
        job = Files.writeString(dir.resolve("job.yaml"), JOB, StandardCharsets.UTF_8);
        records = Files.writeString(dir.resolve("r.csv"), RECORDS, StandardCharsets.UTF_8);
        Files.createDirectories(dir.resolve("sub"));
    }

    private static void assertOneLine(final CommandRun run, final String line) {
        run.assertBadInput(line);
        assertEquals("", run.out(), run::describe);
    }

    private void assertInputsIntact() throws IOException {
        assertEquals(JOB, Files.readString(job));
        assertEquals(RECORDS, Files.readString(records));
    }

    static Stream<Arguments> outputsNamingTheRecordFile() {
        return Stream.of(
                Arguments.of("the same path", "r.csv"),
                Arguments.of("a path through ..", "sub/../r.csv"),
                Arguments.of("a path with .", "./sub/.././r.csv"),
                Arguments.of("a symbolic link to it", "link.csv"),
                Arguments.of("a hard link to it", "hard.csv"),
                Arguments.of("a path through a linked directory", "dirlink/r.csv"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("outputsNamingTheRecordFile")
    void anOutputThatIsTheRecordFileIsRefusedAndTheFileKept(final String description, final String spelling) throws IOException {
        Files.createSymbolicLink(dir.resolve("link.csv"), records);
        Files.createLink(dir.resolve("hard.csv"), records);
        Files.createSymbolicLink(dir.resolve("dirlink"), dir);
        final Path output = dir.resolve(spelling);

        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--output", output.toString());

        assertOneLine(run, output + ": --output names the record file " + records + DESTROYS);
        assertInputsIntact();
    }

    @Test
    void anOutputGivenAsARelativePathIsComparedAfterResolving() throws IOException {
        final Path relative = Path.of("").toAbsolutePath().relativize(records);
        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--output", relative.toString());
        assertOneLine(run, relative + ": --output names the record file " + records + DESTROYS);
        assertInputsIntact();
    }

    @Test
    void anOutputThatIsTheJobFileOrASecondRecordFileIsRefused() throws IOException {
        final Path second = Files.writeString(dir.resolve("second.csv"), "m,5,1\n");
        final CommandRun onJob = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--output", dir.resolve("sub/../job.yaml")
                .toString());
        final CommandRun onSecond = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), second.toString(), "--output",
                second.toString());

        assertOneLine(onJob, dir.resolve("sub/../job.yaml") + ": --output names the job file" + DESTROYS);
        assertOneLine(onSecond, second + ": --output names the record file " + second + DESTROYS);
        assertInputsIntact();
        assertEquals("m,5,1\n", Files.readString(second));
    }

    @Test
    void anOutputInACheckpointDirectoryIsRefused() throws IOException {
        final Path checkpoints = Files.createDirectories(dir.resolve("ck"));
        final Path manifest = Files.writeString(Files.createDirectories(checkpoints.resolve("chk-1")).resolve("MANIFEST"), "kept");

        final CommandRun inCheckpoints = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--checkpoint-dir",
                checkpoints.toString(), "--output", manifest.toString());
        final CommandRun inRestore = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--restore", checkpoints.toString(),
                "--output", checkpoints.resolve("new.txt").toString());

        assertOneLine(inCheckpoints, manifest + ": --output lies in --checkpoint-dir " + checkpoints
                + "; writing there would damage the checkpoints (choose another output file)");
        assertOneLine(inRestore, checkpoints.resolve("new.txt") + ": --output lies in --restore " + checkpoints
                + "; writing there would damage the checkpoints (choose another output file)");
        assertEquals("kept", Files.readString(manifest));
        assertFalse(Files.exists(checkpoints.resolve("new.txt")));
    }

    @Test
    void anOutputThatIsADirectoryIsRefused() {
        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), records.toString(), "--output", dir.resolve("sub").toString());
        assertOneLine(run, dir.resolve("sub") + ": --output names a directory, not a file");
    }

    @Test
    void anOtherOutputFileIsWritten() throws IOException {
        final Path output = dir.resolve("sub/out.txt");
        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), records.toString(), "--output", output.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("FIRE key=k window=[0,100) count=1 sum=1 elements=[1] wm=149",
                "FIRE key=k window=[100,200) count=1 sum=2 elements=[150] wm=MAX", "# lateDropped=0"), Files.readAllLines(output));
        assertInputsIntact();
    }

    @Test
    void anOutputThatCannotBeWrittenFailsWithOneLineWithoutClassNames() {
        // /dev/full takes the file open and refuses every write (no space left on device)
        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), records.toString(), "--output", "/dev/full");
        assertEquals(ExitCodes.FAILED, run.exitCode(), run::describe);
        assertEquals(List.of("weir: error: cannot write to /dev/full", "(run with --debug for the stack trace)"), run.errLines(),
                run::describe);
        assertFalse(EXCEPTION_NAME.matcher(run.err()).find(), run::describe);
    }

    @Test
    void aRecordFileGivenTwiceByAnyPathIsBadInput() throws IOException {
        final Path link = Files.createSymbolicLink(dir.resolve("link.csv"), records);
        for (final String again : List.of(records.toString(), dir.resolve("sub/../r.csv").toString(), link.toString())) {
            final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), records.toString(), again);
            assertOneLine(run, again + ": is the record file " + records + " again; each file may be given once (it would be read twice)");
        }
    }

    @Test
    void aDirectoryAsARecordFileIsBadInput() {
        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), dir.resolve("sub").toString());
        assertOneLine(run, dir.resolve("sub") + ": is a directory, not a record file");
    }

    @Test
    void aDirectoryAsAJobOrElementFileIsBadInput() {
        final Path elements = dir.resolve("sub");
        assertOneLine(CommandRun.of("run", "--format", "fire", dir.resolve("sub").toString(), records.toString()), dir.resolve("sub")
                + ": is a directory, not a job file");
        final CommandRun scenario = CommandRun.of("scenario", job.toString(), elements.toString());
        assertOneLine(scenario, elements + ": is a directory, not an element file");
    }

    @Test
    void aJobWithoutAWindowIsBadInputNamingTheJobFile() throws IOException {
        final Path noWindow = Files.writeString(dir.resolve("nowindow.yaml"), "watermarks:\n  strategy: monotonous\n");
        final CommandRun run = CommandRun.of("run", "--format", "fire", noWindow.toString(), records.toString());
        assertOneLine(run, noWindow + ": field 'window': is required by 'weir run' (it prints window results;"
                + " 'weir scenario' runs a job without a window)");
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of(List.of("--checkpoint-dir", "CK", "--checkpoint-interval", "0ms"),
                        "--checkpoint-interval must be positive, got 0"),
                Arguments.of(List.of("--checkpoint-dir", "CK", "--checkpoint-interval", "0s"),
                        "--checkpoint-interval must be positive, got 0"),
                Arguments.of(List.of("--checkpoint-interval", "5s"), "--checkpoint-interval needs --checkpoint-dir"),
                Arguments.of(List.of("--output", ""), "--output needs a file name, got an empty one"),
                Arguments.of(List.of("--checkpoint-dir", "r.csv"), "--checkpoint-dir DIR/r.csv is a file, not a directory"),
                Arguments.of(List.of("--restore", "r.csv"), "--restore DIR/r.csv is a file, not a directory"),
                Arguments.of(List.of("--checkpoint-dir", "CK", "--restore", "r.csv"), "--restore DIR/r.csv is a file, not a directory"),
                Arguments.of(List.of("--state-dir", "r.csv"), "--state-dir DIR/r.csv is a file, not a directory"),
                Arguments.of(List.of("--state", "chronicle", "--state-dir", "r.csv"), "--state-dir DIR/r.csv is a file, not a directory"),
                Arguments.of(List.of("--max-line-bytes", "0"), "--max-line-bytes must be in 1..1073741824, got 0"),
                Arguments.of(List.of("--max-line-bytes", "1073741825"), "--max-line-bytes must be in 1..1073741824, got 1073741825"),
                Arguments.of(List.of("--max-line-bytes", "-5"), "--max-line-bytes must be in 1..1073741824, got -5"),
                Arguments.of(List.of("--max-line-bytes", "99999999999999999999"),
                        "Invalid value for option '--max-line-bytes': '99999999999999999999' is too large (at most 9223372036854775807)"),
                Arguments.of(List.of("--max-rate", "-1"), "--max-rate must not be negative: -1"),
                Arguments.of(List.of("--state-max-entries", "0"), "--state-max-entries must be in 1..100000000, got 0"),
                Arguments.of(List.of("--state-max-entries", "1000000000"),
                        "--state-max-entries must be in 1..100000000, got 1000000000"),
                Arguments.of(List.of("--state-max-entries", "99999999999999999999"),
                        "Invalid value for option '--state-max-entries': '99999999999999999999' is too large (at most 9223372036854775807)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptions")
    void badOptionsAreUsageErrors(final List<String> options, final String message) throws IOException {
        final List<String> args = new ArrayList<>(List.of("run", "--format", "fire", job.toString(), records.toString()));
        for (final String option : options) {
            args.add(option.equals("CK") ? dir.resolve("ck").toString() : option.equals("r.csv") ? records.toString() : option);
        }
        final CommandRun run = CommandRun.of(args.toArray(new String[0]));
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + message.replace("DIR/", dir + "/"), "try 'weir run --help'"), run.errLines(), run::describe);
        assertFalse(Files.exists(dir.resolve("ck")), run::describe);
        assertInputsIntact();
    }

    @Test
    void aRecordFileThatShrankBeforeARestoreIsBadInput() throws IOException {
        final StringBuilder many = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            many.append("k").append(i % 7).append(',').append(i * 10).append(",1\n");
        }
        final Path shrinking = Files.writeString(dir.resolve("shrinking.csv"), many.toString());
        final Path checkpoints = dir.resolve("ck");
        final CommandRun first = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), shrinking.toString(), "--checkpoint-dir",
                checkpoints.toString(), "--checkpoint-interval", "100ms", "--max-rate", "2000", "--output",
                dir.resolve("first.txt").toString());
        assertEquals(0, first.exitCode(), first::describe);
        // a paced read of 2 s with a checkpoint every 100 ms leaves complete checkpoints behind
        try (Stream<Path> files = Files.walk(checkpoints)) {
            assertTrue(files.anyMatch(file -> file.getFileName().toString().equals("MANIFEST")), first::describe);
        }
        Files.writeString(shrinking, "k\n");

        final CommandRun restored = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), shrinking.toString(), "--restore",
                checkpoints.toString());

        assertEquals(ExitCodes.BAD_INPUT, restored.exitCode(), restored::describe);
        assertEquals(1, restored.errLines().stream().filter(line -> line.startsWith("weir: " + shrinking)).count(), restored::describe);
        assertTrue(Pattern.matches("weir: " + Pattern.quote(shrinking.toString())
                + ": changed before the checkpointed position [0-9]+: it has 2 bytes now, [0-9]+ at the checkpoint",
                restored.errLines().get(restored.errLines().size() - 1)), restored::describe);
        assertFalse(EXCEPTION_NAME.matcher(restored.err()).find(), restored::describe);
    }
}
