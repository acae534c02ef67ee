package dev.weir.flink.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir run --engine flink} on a real Flink cluster: a JobManager and two TaskManagers as
 * separate JVM processes on localhost ({@link LocalFlinkCluster}), the job file over two record
 * files at parallelism 2 with a checkpoint every 500 ms, its output compared with {@code weir run}
 * on Weir over the same files (docs/flink.md, "The cluster test"). Once as it is, once with one
 * TaskManager killed with SIGKILL after a checkpoint has completed and while tasks run on both:
 * Flink must restart the job from the checkpoint on the surviving TaskManager and end with the
 * same output. Tagged {@code cluster}: {@code flink-runner/run-cluster-test} runs it, the default
 * test run does not.
 *
 * <p>What is compared: the watermark each window fires at follows the interleaving of the two
 * files' readers, on both engines, so the final results per key and window ({@link WindowResults}:
 * each FIRE line without {@code wm=}, its elements as a multiset, every LATE line and the closing
 * {@code # lateDropped=N}) must be equal as sorted lists, duplicates included. With checkpoints
 * on, {@code weir run --engine flink} collects the lines exactly once (Flink's collect sink hands
 * out only what a completed checkpoint covers), so a firing replayed after the restart would
 * show as a duplicate.
 */
@Tag("cluster")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class FlinkClusterTest {
    private static final int CHANNELS = 2;
    /** Enough records for the job to run several seconds on this cluster, so that it can be killed mid-run. */
    private static final int PER_CHANNEL = 400_000;
    private static final long SEED = 20_261_130L;
    private static final String JOB_FILE = String.join("\n",
            "channels: " + CHANNELS,
            "parallelism: 2",
            "watermarks:",
            "  strategy: bounded-out-of-orderness",
            "  maxOutOfOrderness: 200",
            "  interval: 0",
            "window:",
            "  type: tumbling",
            "  size: 10000",
            "  sideOutputLateData: true",
            "");
    private static final Duration JOB_DEADLINE = Duration.ofMinutes(3);
    private static final Duration KILL_DEADLINE = Duration.ofSeconds(60);
    private static final int VICTIM = 1;
    /** The test's own stdout: the in-process command line swaps System.out while it runs. */
    private static final PrintStream REPORT = System.out;

    /** Kept when a test fails, with the processes' logs. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path directory;

    private static LocalFlinkCluster cluster;
    private static Path jobFile;
    private static List<Path> recordFiles;
    private static List<String> weirResults;
    private static final Set<String> jobsSeen = new HashSet<>();
    private static long startedNanos;

    @BeforeAll
    static void startClusterAndRunOnWeir() throws Exception {
        startedNanos = System.nanoTime();
        jobFile = Files.writeString(directory.resolve("job.yaml"), JOB_FILE, StandardCharsets.UTF_8);
        recordFiles = RecordFiles.write(Files.createDirectories(directory.resolve("records")), CHANNELS, PER_CHANNEL, SEED);
        final long weirStarted = System.nanoTime();
        weirResults = WindowResults.of(weirRun(directory.resolve("weir.out")).get(JOB_DEADLINE.toSeconds(), TimeUnit.SECONDS));
        report("weir run on Weir: " + CHANNELS * PER_CHANNEL + " records, " + weirResults.size() + " lines, in " + seconds(weirStarted));
        System.setProperty(FlinkEngine.JOB_JAR, LocalFlinkCluster.required("weir.flink.job.jar"));
        final long clusterStarted = System.nanoTime();
        cluster = LocalFlinkCluster.start(Files.createDirectories(directory.resolve("cluster")), 2);
        report("started JobManager (pid " + cluster.processes().get(0).pid() + ", REST port " + cluster.restPort() + ") and "
                + cluster.taskManagerId(0) + " (pid " + cluster.taskManager(0).pid() + "), " + cluster.taskManagerId(1)
                + " (pid " + cluster.taskManager(1).pid() + ") in " + seconds(clusterStarted) + "; logs in " + cluster.directory());
    }

    @AfterAll
    static void stopCluster() {
        System.clearProperty(FlinkEngine.JOB_JAR);
        if (cluster == null) {
            return;
        }
        cluster.close();
        for (final Process process : cluster.processes()) {
            assertFalse(process.isAlive(), "process " + process.pid() + " still runs");
        }
        report("stopped all " + cluster.processes().size() + " processes; the test took " + seconds(startedNanos));
    }

    @Test
    @Order(0)
    void theJobJarHoldsWeirAndItsDependenciesButNothingOfFlink() throws Exception {
        final List<String> entries = new ArrayList<>();
        try (JarFile jar = new JarFile(LocalFlinkCluster.required("weir.flink.job.jar"))) {
            jar.stream().map(JarEntry::getName).forEach(entries::add);
        }
        for (final String weir : List.of("dev/weir/flink/scenario/FireLines.class", "dev/weir/flink/source/FlinkFileSource.class",
                "dev/weir/api/StreamPipeline.class", "dev/weir/jobs/run/RecordLineParser.class", "dev/weir/tools/WeirCommand.class",
                "org/agrona/DirectBuffer.class", "org/yaml/snakeyaml/Yaml.class", "picocli/CommandLine.class")) {
            assertTrue(entries.contains(weir), "the job jar lacks " + weir);
        }
        // Flink's classes and Flink's own dependencies come from the cluster's class path
        for (final String flink : List.of("org/apache/flink/", "com/esotericsoftware/kryo/", "org/apache/commons/", "org/slf4j/")) {
            assertEquals(List.of(), entries.stream().filter(entry -> entry.startsWith(flink)).limit(5).toList(),
                    "the job jar holds classes under " + flink);
        }
    }

    @Test
    @Order(1)
    void weirRunOnTheClusterGivesWeirsResults() throws Exception {
        final long started = System.nanoTime();
        final CompletableFuture<List<String>> output = flinkRun("flink.out", "checkpoints");
        final String job = awaitJob();
        final List<String> lines = output.get(JOB_DEADLINE.toSeconds(), TimeUnit.SECONDS);

        assertEquals(0, failovers(job, null), "the job failed over without a kill");
        assertEquals(weirResults, WindowResults.of(lines));
        report("run without a kill: " + lines.size() + " lines, the same results per key and window as Weir's, in " + seconds(started));
    }

    @Test
    @Order(2)
    void aTaskManagerKilledMidRunIsRecoveredFromTheCheckpointWithTheSameResults() throws Exception {
        final long started = System.nanoTime();
        final CompletableFuture<List<String>> output = flinkRun("flink-killed.out", "checkpoints-killed");
        final String job = awaitJob();
        final FlinkRest rest = cluster.rest();
        final String checkpoints = "/jobs/" + job + "/checkpoints";
        rest.await("a completed checkpoint of the job", KILL_DEADLINE,
                () -> rest.get(checkpoints).get("counts").get("completed").asLong() > 0);
        rest.await("the job's tasks on both TaskManagers", KILL_DEADLINE, FlinkClusterTest::bothTaskManagersBusy);
        final long checkpointBeforeKill = rest.get(checkpoints).get("latest").get("completed").get("id").asLong();
        assertEquals("RUNNING", rest.get("/jobs/" + job).get("state").asText(), "the job ended before the kill");

        final int exitCode = cluster.kill(VICTIM);
        assertEquals(137, exitCode, "exit code of the killed TaskManager: 128 + SIGKILL (9)");
        report("killed " + cluster.taskManagerId(VICTIM) + " (pid " + cluster.taskManager(VICTIM).pid() + ") with SIGKILL, exit code "
                + exitCode + ", " + seconds(started) + " after the submission, checkpoint " + checkpointBeforeKill + " completed");

        final List<String> lines = output.get(JOB_DEADLINE.toSeconds(), TimeUnit.SECONDS);

        final long failovers = failovers(job, cluster.taskManagerId(VICTIM));
        assertTrue(failovers > 0, "the job did not fail over: the kill came too late");
        final JsonNode restored = rest.get(checkpoints).get("latest").get("restored");
        assertTrue(restored != null && !restored.isNull(), "the job was not restored from a checkpoint");
        assertTrue(restored.get("id").asLong() >= checkpointBeforeKill,
                "restored from checkpoint " + restored.get("id") + ", older than " + checkpointBeforeKill + " completed before the kill");
        assertEquals(weirResults, WindowResults.of(lines));
        report("run with the kill: " + failovers + " failover(s), restored from checkpoint " + restored.get("id").asLong()
                + ", " + lines.size() + " lines, the same results per key and window as Weir's, in " + seconds(started));
    }

    /** {@code weir run} on Weir, in this JVM; @return its output lines once it has ended */
    private static CompletableFuture<List<String>> weirRun(final Path output) {
        return run(output, List.of());
    }

    /** {@code weir run --engine flink} on the cluster with checkpoints every 500 ms, in this JVM; @return its output lines once it has ended */
    private static CompletableFuture<List<String>> flinkRun(final String output, final String checkpoints) {
        return run(directory.resolve(output), List.of("--engine", "flink", "--flink-address", LocalFlinkCluster.HOST + ":" + cluster.restPort(),
                "--checkpoint-dir", directory.resolve(checkpoints).toString(), "--checkpoint-interval", "500ms"));
    }

    private static CompletableFuture<List<String>> run(final Path output, final List<String> options) {
        final List<String> args = new ArrayList<>(List.of("run", "--format", "fire", "--output", output.toString()));
        args.addAll(options);
        args.add(jobFile.toString());
        recordFiles.forEach(file -> args.add(file.toString()));
        return CompletableFuture.supplyAsync(() -> {
            final WeirCli run = WeirCli.of(args.toArray(String[]::new));
            if (run.exitCode() != 0) {
                throw new AssertionError("weir " + String.join(" ", args) + ": " + run.describe());
            }
            try {
                return Files.readAllLines(output, StandardCharsets.UTF_8);
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** @return the id of the job the last submission started, once the JobManager lists it */
    private static String awaitJob() throws Exception {
        final String[] found = new String[1];
        cluster.rest().await("the submitted job", KILL_DEADLINE, () -> {
            for (final JsonNode job : cluster.rest().get("/jobs/overview").get("jobs")) {
                if (jobsSeen.add(job.get("jid").asText())) {
                    found[0] = job.get("jid").asText();
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    /** Every TaskManager has a slot taken: the parallelism-2 job runs on both. */
    private static boolean bothTaskManagersBusy() throws Exception {
        final JsonNode taskManagers = cluster.rest().get("/taskmanagers").get("taskmanagers");
        int busy = 0;
        for (final JsonNode taskManager : taskManagers) {
            if (taskManager.get("freeSlots").asInt() < taskManager.get("slotsNumber").asInt()) {
                busy++;
            }
        }
        return busy == 2;
    }

    /**
     * The job's failovers, from the JobManager's exception history; each must come from the
     * killed TaskManager (a task on it, or a connection to it), so that no other failure passes for recovery.
     *
     * @param id the job's id
     * @param killed the resource id of the TaskManager killed, or null when none was and any failover is one too many
     * @return how many failovers
     */
    private static long failovers(final String id, final String killed) throws Exception {
        final JsonNode history = cluster.rest().get("/jobs/" + id + "/exceptions").get("exceptionHistory").get("entries");
        for (final JsonNode failure : history) {
            final String summary = failure.get("exceptionName").asText() + " in " + failure.get("taskName").asText() + " on "
                    + failure.get("taskManagerId").asText();
            report("failover: " + summary);
            if (killed == null || !(killed.equals(failure.get("taskManagerId").asText())
                    || failure.get("stacktrace").asText().contains("[ " + killed + " ]"))) {
                throw new AssertionError("job " + id + " failed over for another reason than the kill of " + killed + ": " + summary
                        + "\n" + failure.get("stacktrace").asText());
            }
        }
        return history.size();
    }

    private static String seconds(final long sinceNanos) {
        return String.format("%.1f s", (System.nanoTime() - sinceNanos) / 1e9);
    }

    /** A line of the summary that flink-runner/run-cluster-test prints. */
    private static void report(final String line) {
        REPORT.println("cluster-test: " + line);
    }
}
