package dev.weir.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.job.JobFileParser;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.run.RecordFileJob;
import dev.weir.pipelines.run.RecordFileRun;
import dev.weir.pipelines.run.RunOptions;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.flink.api.common.JobID;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
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
 * A job on a real Flink cluster: a JobManager and two TaskManagers as separate JVM processes on
 * localhost ({@link LocalFlinkCluster}), the job submitted at parallelism 2 with checkpoints every
 * 500 ms, its results compared with Weir's own run of the same job file over the same record files
 * (docs/flink.md, "The cluster test"). Once as it is, once with one TaskManager killed with SIGKILL
 * after a checkpoint has completed and while tasks run on both: Flink must restart the job from the
 * checkpoint on the surviving TaskManager and end with the same results. Tagged {@code cluster}:
 * {@code flink-runner/run-cluster-test} runs it, the default test run does not.
 *
 * <p>What is compared: the watermark each window fires at follows the interleaving of the two
 * source instances, so the final results per key and window ({@link WindowResults}: each FIRE
 * line without {@code wm=}, its elements as a multiset, and every LATE line) must be equal as
 * sorted lists, duplicates included. The results are collected exactly once (Flink's collect sink
 * with checkpointing hands out only what a completed checkpoint covers), so a firing replayed
 * after the restart would show as a duplicate.
 */
@Tag("cluster")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class FlinkClusterTest {
    private static final int PER_CHANNEL = 15_000;
    private static final int CHANNELS = 2;
    private static final double RECORDS_PER_SECOND = 3_000;
    private static final long SEED = 20_260_12L;
    private static final Duration JOB_DEADLINE = Duration.ofMinutes(3);
    private static final Duration KILL_DEADLINE = Duration.ofSeconds(60);
    private static final int VICTIM = 1;

    /** Kept when a test fails, with the processes' logs. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path directory;

    private static LocalFlinkCluster cluster;
    private static IndexedRecords records;
    private static List<String> weirResults;
    private static Path testJar;
    private static long startedNanos;

    @BeforeAll
    static void startClusterAndRunOnWeir() throws Exception {
        startedNanos = System.nanoTime();
        records = IndexedRecords.generate(CHANNELS, PER_CHANNEL, SEED);
        final List<Path> files = records.write(Files.createDirectories(directory.resolve("records")), CHANNELS);
        weirResults = WindowResults.of(onWeir(files));
        testJar = TestClassesJar.write(directory.resolve("test-classes.jar"));
        cluster = LocalFlinkCluster.start(Files.createDirectories(directory.resolve("cluster")), 2);
        report("started JobManager (pid " + cluster.processes().get(0).pid() + ", REST port " + cluster.restPort() + ") and "
                + cluster.taskManagerId(0) + " (pid " + cluster.taskManager(0).pid() + "), " + cluster.taskManagerId(1)
                + " (pid " + cluster.taskManager(1).pid() + ") in " + seconds(startedNanos) + "; logs in " + cluster.directory());
    }

    @AfterAll
    static void stopCluster() {
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
        for (final String weir : List.of("dev/weir/flink/FireLines.class", "dev/weir/api/StreamPipeline.class",
                "dev/weir/pipelines/run/RecordFileJob.class", "dev/weir/tools/WeirCommand.class", "org/agrona/DirectBuffer.class",
                "org/yaml/snakeyaml/Yaml.class", "picocli/CommandLine.class")) {
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
    void theJobOnTheClusterGivesWeirsResults() throws Exception {
        final long started = System.nanoTime();
        final Submitted job = submit();
        final List<String> lines = job.results().get(JOB_DEADLINE.toSeconds(), TimeUnit.SECONDS);
        job.client().getJobExecutionResult().get(JOB_DEADLINE.toSeconds(), TimeUnit.SECONDS);

        assertEquals(0, failovers(job.id(), null), "the job failed over without a kill");
        assertResultsAreWeirs(lines);
        report("run without a kill: " + lines.size() + " lines, the same results per key and window as Weir's, in " + seconds(started));
    }

    @Test
    @Order(2)
    void aTaskManagerKilledMidRunIsRecoveredFromTheCheckpointWithTheSameResults() throws Exception {
        final long started = System.nanoTime();
        final Submitted job = submit();
        final FlinkRest rest = cluster.rest();
        final String checkpoints = "/jobs/" + job.id() + "/checkpoints";
        rest.await("a completed checkpoint of the job", KILL_DEADLINE,
                () -> rest.get(checkpoints).get("counts").get("completed").asLong() > 0);
        rest.await("the job's tasks on both TaskManagers", KILL_DEADLINE, FlinkClusterTest::bothTaskManagersBusy);
        final long checkpointBeforeKill = rest.get(checkpoints).get("latest").get("completed").get("id").asLong();
        assertEquals("RUNNING", rest.get("/jobs/" + job.id()).get("state").asText(), "the job ended before the kill");

        final int exitCode = cluster.kill(VICTIM);
        assertEquals(137, exitCode, "exit code of the killed TaskManager: 128 + SIGKILL (9)");
        report("killed " + cluster.taskManagerId(VICTIM) + " (pid " + cluster.taskManager(VICTIM).pid() + ") with SIGKILL, exit code "
                + exitCode + ", after checkpoint " + checkpointBeforeKill + " completed");

        final List<String> lines = job.results().get(JOB_DEADLINE.toSeconds(), TimeUnit.SECONDS);
        job.client().getJobExecutionResult().get(JOB_DEADLINE.toSeconds(), TimeUnit.SECONDS);

        final long failovers = failovers(job.id(), cluster.taskManagerId(VICTIM));
        assertTrue(failovers > 0, "the job did not fail over: the kill came too late");
        final JsonNode restored = rest.get(checkpoints).get("latest").get("restored");
        assertTrue(restored != null && !restored.isNull(), "the job was not restored from a checkpoint");
        assertTrue(restored.get("id").asLong() >= checkpointBeforeKill,
                "restored from checkpoint " + restored.get("id") + ", older than " + checkpointBeforeKill + " completed before the kill");
        assertResultsAreWeirs(lines);
        report("run with the kill: " + failovers + " failover(s), restored from checkpoint " + restored.get("id").asLong()
                + ", " + lines.size() + " lines, the same results per key and window as Weir's, in " + seconds(started));
    }

    private static List<String> onWeir(final List<Path> files) throws Exception {
        final JobSpec job = JobFileParser.parse("job.yaml", new StringReader(ClusterWindowJob.JOB_FILE));
        final List<String> lines = Collections.synchronizedList(new ArrayList<>());
        try (RecordFileRun run = RecordFileJob.start(job, files, RunOptions.defaults(), lines::add)) {
            run.pipeline().awaitTermination();
        }
        return new ArrayList<>(lines);
    }

    private static void assertResultsAreWeirs(final List<String> lines) {
        assertTrue(weirResults.size() > 500, "Weir fired " + weirResults.size() + " windows");
        assertEquals(weirResults, WindowResults.of(lines));
    }

    /** A submitted job and its results, which complete when the job has ended and every result is in. */
    private record Submitted(JobClient client, JobID id, CompletableFuture<List<String>> results) {
    }

    private static Submitted submit() throws Exception {
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment(LocalFlinkCluster.HOST, cluster.restPort(),
                LocalFlinkCluster.required("weir.flink.job.jar"), testJar.toString());
        env.setParallelism(2);
        env.enableCheckpointing(500);
        env.getConfig().setAutoWatermarkInterval(0);
        final CloseableIterator<String> iterator = ClusterWindowJob.build(env, records, RECORDS_PER_SECOND).collectAsync();
        final JobClient client = env.executeAsync("weir cluster test");
        final CompletableFuture<List<String>> results = CompletableFuture.supplyAsync(() -> {
            final List<String> lines = new ArrayList<>();
            try (iterator) {
                iterator.forEachRemaining(lines::add);
            } catch (final Exception e) {
                throw new IllegalStateException("collecting the job's results failed", e);
            }
            return lines;
        });
        return new Submitted(client, client.getJobID(), results);
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
     */
    private static long failovers(final JobID id, final String killed) throws Exception {
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
        System.out.println("cluster-test: " + line);
    }
}
