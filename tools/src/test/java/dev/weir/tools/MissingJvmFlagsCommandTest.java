package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar weir.jar} without Weir's JVM flags: every command on the Chronicle state
 * stops with one line naming each missing flag and exit code 2, no stack trace and nothing on
 * stdout; the heap state needs none of the flags and runs, except that checkpoints and restores
 * need Agrona's export and are refused by its name when it is missing.
 */
class MissingJvmFlagsCommandTest {
    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));
    private static final String ELEMENTS = "examples/late-trades/elements.csv";
    private static final String JOB = "examples/late-trades/job.yaml";

    @TempDir
    Path dir;

    @Test
    void everyChronicleCommandNamesTheMissingFlagsAndExits2() throws Exception {
        final String expected = "weir: off-heap state cannot start: this JVM was started without "
                + String.join(" ", List.of(System.getProperty("weir.jvm.flags").trim().split("\\s+")))
                + "; add them to the java command line (docs/state.md, \"When the flags are missing\")"
                + " or use the heap state backend (--state heap)\n";
        final Path records = Files.writeString(dir.resolve("records.csv"), "AAPL,1000,10\n");
        final List<List<String>> commands = List.of(
                List.of("scenario", repo(JOB), repo(ELEMENTS)),
                List.of("scenario", "--state", "chronicle", "--state-dir", dir.resolve("state").toString(),
                        repo(JOB), repo(ELEMENTS)),
                List.of("run", "--format", "fire", "--state-max-entries", "1000", repo(JOB), records.toString()));
        for (final List<String> command : commands) {
            final ChildWeir child = start(command);
            assertEquals(ExitCodes.BAD_INPUT, child.awaitExit(60), command.toString());
            assertEquals(expected, read(child.stderr()), command.toString());
            assertEquals("", read(child.stdout()), command.toString());
        }
    }

    @Test
    void theHeapStateRunsWithoutTheFlags() throws Exception {
        final ChildWeir child = start(List.of("scenario", "--state", "heap", repo(JOB), repo(ELEMENTS)));
        assertEquals(0, child.awaitExit(60), read(child.stderr()));
        assertEquals("", read(child.stderr()));
        assertEquals(Files.readString(LauncherFlags.repoRoot().resolve("examples/late-trades/expected.txt")),
                read(child.stdout()));
    }

    @Test
    void runWithTheHeapStateRunsWithoutTheFlags() throws Exception {
        final Path records = Files.writeString(dir.resolve("records.csv"), "AAPL,1000,10\nMSFT,1500,20\nAAPL,7000,3\n");
        final List<List<String>> commands = List.of(
                List.of("run", "--format", "fire", "--state", "heap", repo(JOB), records.toString()),
                List.of("run", "--format", "fire", repo(JOB), records.toString(), "--state", "heap"));
        for (final List<String> command : commands) {
            final ChildWeir child = start(command);
            assertEquals(0, child.awaitExit(60), command + ": " + read(child.stderr()));
            assertEquals("FIRE key=AAPL window=[0,5000) count=1 sum=10 elements=[1000] wm=MAX\n"
                    + "FIRE key=MSFT window=[0,5000) count=1 sum=20 elements=[1500] wm=MAX\n"
                    + "FIRE key=AAPL window=[5000,10000) count=1 sum=3 elements=[7000] wm=MAX\n"
                    + "# lateDropped=0\n", read(child.stdout()), command.toString());
        }
    }

    @Test
    void checkpointsAndRestoresOnTheHeapNameTheMissingExportAndExit2() throws Exception {
        final StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            lines.append(i % 2 == 0 ? "AAPL" : "MSFT").append(',').append(i * 100L).append(",1\n");
        }
        final Path records = Files.writeString(dir.resolve("records.csv"), lines);
        final Path checkpoints = dir.resolve("ckpt");
        // checkpoints of a run with the flags, to restore from
        final ChildWeir withFlags = ChildWeir.start(dir, "with-flags", "run", "--format", "fire", "--state", "heap", "--max-rate", "2000",
                "--checkpoint-dir", checkpoints.toString(), "--checkpoint-interval", "50ms", repo(JOB), records.toString(),
                "--output", dir.resolve("first.txt").toString());
        assertEquals(0, withFlags.awaitExit(60), read(withFlags.stderr()));
        assertTrue(read(dir.resolve("first.txt")).contains("# checkpoint 1\n"), read(dir.resolve("first.txt")));
        final Map<List<String>, String> commands = Map.of(
                List.of("run", "--format", "fire", "--state", "heap", "--checkpoint-dir", dir.resolve("other").toString(), repo(JOB),
                        records.toString()), "checkpoints",
                List.of("run", "--format", "fire", "--state", "heap", "--restore", checkpoints.toString(), repo(JOB), records.toString()),
                "the restore",
                List.of("run", "--format", "fire", "--state", "heap", "--restore", checkpoints.toString(), "--checkpoint-dir",
                        checkpoints.toString(), repo(JOB), records.toString()), "checkpoints");
        for (final Map.Entry<List<String>, String> command : commands.entrySet()) {
            final ChildWeir child = start(command.getKey());
            assertEquals(ExitCodes.BAD_INPUT, child.awaitExit(60), command.getKey() + ": " + read(child.stderr()));
            assertEquals("weir: " + command.getValue() + " cannot start: this JVM was started without"
                    + " --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED, which the checkpoint files need (Agrona's"
                    + " buffers use the JDK's internal Unsafe); add it to the java command line (docs/state.md, \"JVM flags\")\n",
                    read(child.stderr()), command.getKey().toString());
            assertEquals("", read(child.stdout()), command.getKey().toString());
        }
        // the refused runs changed nothing: the checkpoints are still there to restore from
        try (var chks = Files.list(checkpoints)) {
            assertTrue(chks.anyMatch(chk -> Files.exists(chk.resolve("MANIFEST"))), "a complete checkpoint in " + checkpoints);
        }
    }

    private ChildWeir start(final List<String> command) throws IOException {
        return ChildWeir.start(dir, "weir-" + command.get(0) + "-" + command.size(), JAVA_HOME, new ArrayList<>(),
                command.toArray(new String[0]));
    }

    private static String repo(final String path) {
        return LauncherFlags.repoRoot().resolve(path).toString();
    }

    private static String read(final Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
