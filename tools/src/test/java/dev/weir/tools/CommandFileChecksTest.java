package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Where {@code weir generate}, {@code replay}, {@code inspect} and {@code run} open files: {@code generate --out}
 * refuses what is not a regular file and replaces a capture only with a complete one, so a failed write leaves the
 * earlier file as it was and nothing behind; an output that is one of the command's inputs is refused, and so is a
 * capture given twice, by any spelling (relative, {@code .}, {@code ..}, a symbolic or hard link, a linked
 * directory); an output in a missing directory names the directory. Exit code 2 and one line, every input intact.
 */
class CommandFileChecksTest {
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 1000\n";
    private static final String EARLIER = "an earlier capture, kept\n";
    private static final String DESTROYS = "; writing there would destroy it (choose another output file)";

    @TempDir
    Path dir;

    private Path capture;
    private byte[] captureBytes;
    private Path job;

    @BeforeEach
    void inputs() throws IOException {
        final String root = System.getProperty("weir.repo.root");
        if (root == null || root.isBlank()) {
            fail("system property weir.repo.root is not set: run the tests through Maven");
        }
        capture = Files.copy(Paths.get(root).resolve("examples/replay/itch-sample.pcap"), dir.resolve("a.pcap"));
        captureBytes = Files.readAllBytes(capture);
        job = Files.writeString(dir.resolve("job.yaml"), JOB, StandardCharsets.UTF_8);
        Files.createDirectories(dir.resolve("sub"));
        Files.createSymbolicLink(dir.resolve("link.pcap"), capture);
        Files.createLink(dir.resolve("hard.pcap"), capture);
        Files.createSymbolicLink(dir.resolve("job-link.yaml"), job.getFileName());
        Files.createLink(dir.resolve("job-hard.yaml"), job);
        Files.createSymbolicLink(dir.resolve("dirlink"), dir);
    }

    private void assertInputsIntact() throws IOException {
        assertArrayEquals(captureBytes, Files.readAllBytes(capture));
        assertEquals(JOB, Files.readString(job));
        assertTrue(Files.isSymbolicLink(dir.resolve("link.pcap")) && Files.isSymbolicLink(dir.resolve("job-link.yaml")));
    }

    private static void assertOneLine(final CommandRun run, final String line) {
        run.assertBadInput(line);
        assertEquals("", run.out(), run::describe);
    }

    private List<String> names() throws IOException {
        return names(dir);
    }

    private static List<String> names(final Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    private Path fifo(final String name) throws Exception {
        final Path fifo = dir.resolve(name);
        final Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo " + fifo);
        return fifo;
    }

    /** Spellings of {@code a.pcap}, given a second time, as the tests pass them. */
    static Stream<Arguments> spellingsOfTheCapture() {
        return Stream.of(
                Arguments.of("the same path", "a.pcap"),
                Arguments.of("a path through ..", "sub/../a.pcap"),
                Arguments.of("a path with .", "./sub/./.././a.pcap"),
                Arguments.of("a symbolic link", "link.pcap"),
                Arguments.of("a hard link", "hard.pcap"),
                Arguments.of("a path through a linked directory", "dirlink/a.pcap"),
                Arguments.of("relative to the working directory", "RELATIVE"));
    }

    private String spelled(final String spelling, final Path file) {
        return spelling.equals("RELATIVE") ? Path.of("").toAbsolutePath().relativize(file).toString() : dir.resolve(spelling).toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("spellingsOfTheCapture")
    void replayRefusesACaptureGivenTwice(final String description, final String spelling) throws IOException {
        final String again = spelled(spelling, capture);
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", capture.toString(), again);
        assertOneLine(run, again + ": is the capture " + capture + " again; each file may be given once (it would be replayed twice)");
        assertInputsIntact();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("spellingsOfTheCapture")
    void inspectRefusesACaptureGivenTwice(final String description, final String spelling) throws IOException {
        final String again = spelled(spelling, capture);
        final CommandRun run = CommandRun.of("inspect", capture.toString(), again);
        assertOneLine(run, again + ": is the capture " + capture + " again; each file may be given once (it would be counted twice)");
        assertInputsIntact();
    }

    @Test
    void aCaptureGivenTwiceAfterAnotherIsNamedWithItsFirstMention() throws IOException {
        final Path other = Files.copy(capture, dir.resolve("b.pcap"));
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", other.toString(), capture.toString(),
                dir.resolve("link.pcap").toString());
        assertOneLine(run, dir.resolve("link.pcap") + ": is the capture " + capture
                + " again; each file may be given once (it would be replayed twice)");
    }

    static Stream<Arguments> spellingsOfTheJobFile() {
        return Stream.of(
                Arguments.of("the same path", "job.yaml"),
                Arguments.of("a path through ..", "sub/../job.yaml"),
                Arguments.of("a path with .", "./sub/./.././job.yaml"),
                Arguments.of("a symbolic link", "job-link.yaml"),
                Arguments.of("a hard link", "job-hard.yaml"),
                Arguments.of("a path through a linked directory", "dirlink/job.yaml"),
                Arguments.of("relative to the working directory", "RELATIVE"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("spellingsOfTheJobFile")
    void replayRefusesAnOutputThatIsTheJobFile(final String description, final String spelling) throws IOException {
        final String output = spelled(spelling, job);
        final CommandRun run = CommandRun.of("replay", "--job", job.toString(), "--decoder", "itch", capture.toString(), "--output", output);
        assertOneLine(run, output + ": --output names the job file" + DESTROYS);
        assertInputsIntact();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("spellingsOfTheCapture")
    void replayRefusesAnOutputThatIsACapture(final String description, final String spelling) throws IOException {
        final String output = spelled(spelling, capture);
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", capture.toString(), "--output", output);
        assertOneLine(run, output + ": --output names the capture " + capture + DESTROYS);
        assertInputsIntact();
    }

    @Test
    void anOutputInAMissingDirectoryNamesTheDirectory() throws IOException {
        final Path missing = dir.resolve("x").resolve("y");
        final CommandRun replay = CommandRun.of("replay", "--pipeline", "ohlcv", capture.toString(), "--output",
                missing.resolve("out.csv").toString());
        assertOneLine(replay, missing.resolve("out.csv") + ": cannot create the output file: directory " + missing + " does not exist");

        final CommandRun underAFile = CommandRun.of("replay", "--pipeline", "ohlcv", capture.toString(), "--output",
                job.resolve("out.csv").toString());
        assertOneLine(underAFile, job.resolve("out.csv") + ": cannot create the output file: " + job + " is not a directory");

        final Path records = Files.writeString(dir.resolve("r.csv"), "k,1,1\n");
        final CommandRun run = CommandRun.of("run", "--state", "heap", job.toString(), records.toString(), "--output",
                missing.resolve("out.txt").toString());
        assertOneLine(run, missing.resolve("out.txt") + ": cannot create the output file: directory " + missing + " does not exist");
        assertEquals("k,1,1\n", Files.readString(records));
        assertTrue(!Files.exists(dir.resolve("x")));
    }

    @Test
    void generateRefusesAnOutThatIsNotARegularFileAndLeavesItAlone() throws Exception {
        final Path fifo = fifo("pipe");
        final Path toFifo = Files.createSymbolicLink(dir.resolve("to-pipe"), fifo);
        final List<String> before = names();
        for (final Path out : List.of(fifo, toFifo)) {
            final CommandRun run = CommandRun.of("generate", "itch", "--out", out.toString(), "--messages", "100");
            assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
            assertEquals(List.of("weir: --out " + out + " is a named pipe (FIFO), not a regular file", "try 'weir generate itch --help'"),
                    run.errLines(), run::describe);
        }
        for (final Path out : List.of(dir.resolve("sub"), dir.resolve("dirlink"))) {
            final CommandRun run = CommandRun.of("generate", "statsd", "--out", out.toString());
            assertEquals(List.of("weir: --out " + out + " is a directory, not a file", "try 'weir generate statsd --help'"),
                    run.errLines(), run::describe);
        }
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo) && !Files.isDirectory(fifo), "the named pipe is still one");
        assertTrue(Files.isSymbolicLink(toFifo));
        assertEquals(before, names());
    }

    @Test
    void generateReplacesTheFileALinkNamesAndTheLinkStays() throws IOException {
        final Path plain = dir.resolve("plain.pcap");
        final Path earlier = Files.writeString(dir.resolve("earlier.pcap"), EARLIER);
        final Path link = Files.createSymbolicLink(dir.resolve("sub/out.pcap"), Path.of("../earlier.pcap"));
        assertEquals(0, CommandRun.of("generate", "itch", "--out", plain.toString(), "--messages", "500").exitCode());
        final CommandRun run = CommandRun.of("generate", "itch", "--out", link.toString(), "--messages", "500");
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.isRegularFile(earlier, LinkOption.NOFOLLOW_LINKS));
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(earlier));
        assertEquals(List.of("out.pcap"), names(dir.resolve("sub")));
    }

    @Test
    void aCaptureThatCannotBeWrittenLeavesTheEarlierFileAsItWasAndNothingBehind() throws Exception {
        final Path out = Files.writeString(dir.resolve("out.pcap"), EARLIER);
        final List<String> before = names();
        // a file size limit of 64 KiB: the writes past it fail with "File too large", as on a full disk
        final ChildWeir child = ChildWeir.startWithFileSizeLimit(dir.resolve("sub"), "generate", 64, "generate", "itch", "--out",
                out.toString(), "--messages", "100000");
        assertEquals(ExitCodes.FAILED, child.awaitExit(120), child::stderrText);
        assertEquals(List.of("weir: error: " + out + ": cannot write the capture: File too large", "(run with --debug for the stack trace)"),
                Files.readAllLines(child.stderr()));
        assertEquals(EARLIER, Files.readString(out));
        assertEquals(before, names());
    }
}
