package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.jobs.run.RecordFileJob;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code weir} command line in a child JVM with this JVM's class path: by default this
 * JVM's java and JVM flags (Chronicle's among them), or a given JDK and flags; stdout and
 * stderr in files. For tests that kill a run for real or need a JVM started differently.
 */
public final class ChildWeir {
    private static final Pattern RESUMED = Pattern.compile("weir: run: resumed from checkpoint (\\d+) ");
    private final Process process;
    private final Path stdout;
    private final Path stderr;

    private ChildWeir(final Process process, final Path stdout, final Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /**
     * @param dir where the child's stdout and stderr files go
     * @param name names those files
     * @param args the command line after {@code weir}
     * @return the started child
     * @throws IOException if it cannot start
     */
    public static ChildWeir start(final Path dir, final String name, final String... args) throws IOException {
        return startWith(dir, name, List.of(), args);
    }

    /**
     * @param dir where the child's stdout and stderr files go
     * @param name names those files
     * @param extraOptions JVM options after this JVM's flags (e.g. a system property)
     * @param args the command line after {@code weir}
     * @return the started child
     * @throws IOException if it cannot start
     */
    public static ChildWeir startWith(final Path dir, final String name, final List<String> extraOptions, final String... args)
            throws IOException {
        return start(dir, name, Path.of(System.getProperty("java.home")), thisJvmsFlags(extraOptions), args);
    }

    /** This JVM's flags (Chronicle's among them), a small heap and the extra options. */
    private static List<String> thisJvmsFlags(final List<String> extraOptions) {
        final List<String> options = new ArrayList<>();
        for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--add-") || flag.startsWith("-D") || flag.startsWith("--enable-native-access")
                    || flag.startsWith("--sun-misc")) {
                options.add(flag);
            }
        }
        options.add("-Xmx512m");
        options.addAll(extraOptions);
        return options;
    }

    /**
     * @param dir where the child's stdout and stderr files go
     * @param name names those files
     * @param javaHome the JDK whose {@code bin/java} runs the child
     * @param jvmOptions the child's JVM options, exactly (none of this JVM's)
     * @param args the command line after {@code weir}
     * @return the started child
     * @throws IOException if it cannot start
     */
    public static ChildWeir start(final Path dir, final String name, final Path javaHome, final List<String> jvmOptions,
            final String... args) throws IOException {
        return start(dir, name, javaHome, jvmOptions, false, args);
    }

    /**
     * Like {@link #start(Path, String, String...)}, but the child's stdout is a pipe whose reading
     * end is closed at once, as when the output goes to {@code head -1}: every write fails.
     *
     * @param dir where the child's stderr file goes
     * @param name names that file
     * @param args the command line after {@code weir}
     * @return the started child
     * @throws IOException if it cannot start
     */
    public static ChildWeir startWithClosedStdout(final Path dir, final String name, final String... args) throws IOException {
        return start(dir, name, Path.of(System.getProperty("java.home")), thisJvmsFlags(List.of()), true, args);
    }

    /**
     * Like {@link #start(Path, String, String...)}, but every file the child writes is limited to {@code kib} KiB
     * (bash's {@code ulimit -f}): a write past it fails with {@code File too large}, as on a full disk.
     *
     * @param dir where the child's stdout and stderr files go (they are not limited)
     * @param name names those files
     * @param kib the largest file the child may write, in KiB
     * @param args the command line after {@code weir}
     * @return the started child
     * @throws IOException if it cannot start
     */
    public static ChildWeir startWithFileSizeLimit(final Path dir, final String name, final long kib, final String... args) throws IOException {
        return start(dir, name, List.of("bash", "-c", "ulimit -f " + kib + " && exec \"$@\"", "bash"),
                Path.of(System.getProperty("java.home")), thisJvmsFlags(List.of()), false, args);
    }

    private static ChildWeir start(final Path dir, final String name, final Path javaHome, final List<String> jvmOptions,
            final boolean closedStdout, final String... args) throws IOException {
        return start(dir, name, List.of(), javaHome, jvmOptions, closedStdout, args);
    }

    private static ChildWeir start(final Path dir, final String name, final List<String> wrapper, final Path javaHome,
            final List<String> jvmOptions, final boolean closedStdout, final String... args) throws IOException {
        final List<String> command = new ArrayList<>(wrapper);
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(WeirCommand.class.getName());
        command.addAll(List.of(args));
        final Path stdout = dir.resolve(name + ".out");
        final Path stderr = dir.resolve(name + ".err");
        final ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
        if (closedStdout) {
            final Process process = builder.redirectOutput(ProcessBuilder.Redirect.PIPE).start();
            process.getInputStream().close();
            return new ChildWeir(process, stdout, stderr);
        }
        return new ChildWeir(builder.redirectOutput(stdout.toFile()).start(), stdout, stderr);
    }

    /** @return the child process */
    public Process process() {
        return process;
    }

    /** @return the file the child's stdout goes to */
    public Path stdout() {
        return stdout;
    }

    /**
     * Waits for the child to exit.
     *
     * @param timeoutSeconds how long to wait before killing it and failing
     * @return its exit code
     * @throws InterruptedException if interrupted while waiting
     */
    public int awaitExit(final long timeoutSeconds) throws InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child weir did not exit within " + timeoutSeconds + " s");
        }
        return process.exitValue();
    }

    /** @return the file the child's stderr goes to */
    public Path stderr() {
        return stderr;
    }

    /** @return what the child wrote to stderr so far, or why it cannot be read */
    public String stderrText() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(cannot read " + stderr + ": " + e.getMessage() + ")";
        }
    }

    /**
     * Waits until the child has marked {@code marks} checkpoints in its output file, failing if
     * it ends first or takes longer than a minute (it is killed then).
     *
     * @param output the child's {@code --output} file
     * @param marks how many {@code # checkpoint N} lines to wait for
     * @throws Exception if waiting is interrupted or the file cannot be read
     */
    public void awaitMarks(final Path output, final int marks) throws Exception {
        awaitMarks(output, marks, null);
    }

    /**
     * Waits for {@code marks} checkpoint marks in the output and, when a checkpoint directory is
     * given, for the checkpoint of the last of them to be complete there: a mark goes out just
     * before its checkpoint's manifest, so a run killed between the two restores from the
     * checkpoint before.
     */
    public void awaitMarks(final Path output, final int marks, final Path checkpointDir) throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                fail("the run ended before it was killed: exit " + process.exitValue() + ", stderr: " + stderrText());
            }
            final List<String> markLines = Files.exists(output)
                    ? Files.readAllLines(output).stream().filter(line -> line.startsWith(RecordFileJob.CHECKPOINT_MARK)).toList()
                    : List.of();
            if (markLines.size() >= marks && (checkpointDir == null || new CheckpointDirectory(checkpointDir).latestCompleteId()
                    >= Long.parseLong(markLines.get(marks - 1).substring(RecordFileJob.CHECKPOINT_MARK.length()).trim()))) {
                return;
            }
            process.waitFor(10, TimeUnit.MILLISECONDS);
        }
        process.destroyForcibly();
        fail("no " + marks + " checkpoint marks within 60 s; stderr: " + stderrText());
    }

    /** @return the checkpoint a restored run says on stderr it resumed from */
    public long resumedCheckpointId() {
        final Matcher resumed = RESUMED.matcher(stderrText());
        assertTrue(resumed.find(), "the restored run names its checkpoint on stderr: " + stderrText());
        return Long.parseLong(resumed.group(1));
    }
}
