package dev.weir.flink.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.SharedMiniCluster;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.JoinKind;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.jobs.scenario.TwoInputJobGraph;
import dev.weir.source.LineReader;
import dev.weir.state.HeapStateBackend;
import dev.weir.tools.scenario.RandomTwoInputJobs;
import dev.weir.tools.scenario.ScenarioRunner;
import dev.weir.tools.scenario.ScenarioRuntime;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two-input scenario jobs on Flink against Weir: 150 seeded random jobs and element files of the tools'
 * differential ({@link RandomTwoInputJobs}: no join, interval joins, tumbling, sliding and session window joins,
 * 1 to 3 channels per input, watermark strategies with intervals and idleness, parallelism 1 to 3, records late on
 * both inputs), each run by Weir's scenario runner (the deterministic scheduler) and by {@link FlinkScenario} on one
 * MiniCluster ({@link SharedMiniCluster}); the lines compared as the conformance test does ({@link JoinRuns}). The
 * jobs must print JOIN lines and late records (LATE lines of either input, or a count of late records dropped),
 * so the comparison covers what lateness does.
 */
class FlinkTwoInputDifferentialTest {
    private static final int JOBS = 150;

    private static URI rest;

    @TempDir
    Path directory;

    @BeforeAll
    static void startCluster() throws Exception {
        rest = SharedMiniCluster.rest();
    }

    @Test
    void flinkPrintsWhatWeirPrintsForRandomTwoInputJobs() throws Exception {
        int joins = 0;
        int late = 0;
        int lateAndJoins = 0;
        int lateLeft = 0;
        int lateRight = 0;
        int windowJoinsDropping = 0;
        int parallel = 0;
        for (int seed = 0; seed < JOBS; seed++) {
            final Random random = new Random(seed * 104_729L + 5);
            final String job = RandomTwoInputJobs.job(random);
            final JobSpec spec = JobFileParser.parse("job.yaml", new StringReader(job));
            final String elements = RandomTwoInputJobs.elements(random, spec);
            final List<String> weir = weir(spec, elements);
            final String run = "seed " + seed + "\n--- job.yaml\n" + job + "--- elements.csv\n" + elements + "--- Weir printed:\n"
                    + String.join("\n", weir);
            final List<String> flink;
            try {
                flink = flink(spec, elements, seed);
            } catch (final Exception e) {
                throw new AssertionError(run + "\n--- Flink failed", e);
            }
            final String what = run + "\n--- Flink printed:\n" + String.join("\n", flink);
            assertEquals(JoinRuns.sorted(weir), JoinRuns.sorted(flink), what);
            final boolean dropped = !weir.get(weir.size() - 1).equals(ScenarioLines.summary(0));
            final boolean joined = weir.stream().anyMatch(line -> line.startsWith("JOIN "));
            final boolean wasLate = dropped || weir.stream().anyMatch(line -> line.startsWith("LATE "));
            joins += joined ? 1 : 0;
            late += wasLate ? 1 : 0;
            lateAndJoins += joined && wasLate ? 1 : 0;
            lateLeft += weir.stream().anyMatch(line -> line.startsWith("LATE input=left ")) ? 1 : 0;
            lateRight += weir.stream().anyMatch(line -> line.startsWith("LATE input=right ")) ? 1 : 0;
            windowJoinsDropping += dropped && spec.join() != null && spec.join().kind() == JoinKind.WINDOW ? 1 : 0;
            parallel += spec.parallelism() > 1 ? 1 : 0;
        }
        assertTrue(joins > JOBS / 3, "only " + joins + " of " + JOBS + " jobs printed a JOIN line");
        assertTrue(late > JOBS / 4, "only " + late + " of " + JOBS + " jobs had a late record");
        assertTrue(lateAndJoins > JOBS / 6, "only " + lateAndJoins + " of " + JOBS + " jobs had a late record and printed a JOIN line");
        assertTrue(lateLeft > JOBS / 20 && lateRight > JOBS / 20, "LATE lines of the left input in " + lateLeft + " jobs, of the right in "
                + lateRight);
        assertTrue(windowJoinsDropping > JOBS / 20, "only " + windowJoinsDropping + " window joins dropped a late record");
        assertTrue(parallel > JOBS / 4, "only " + parallel + " jobs above parallelism 1");
    }

    private static List<String> weir(final JobSpec spec, final String elements) {
        final List<String> lines = new ArrayList<>();
        ScenarioRunner.runTwoInputs(spec, "elements.csv", LineReader.utf8(new ByteArrayInputStream(elements.getBytes(StandardCharsets.UTF_8)),
                LineReader.DEFAULT_MAX_LINE_BYTES), lines::add, note -> { }, ScenarioRuntime.DETERMINISTIC, HeapStateBackend.INSTANCE,
                TwoInputJobGraph.runtime());
        return lines;
    }

    private List<String> flink(final JobSpec spec, final String elements, final int seed) throws Exception {
        FlinkScenario.check(spec, "job.yaml");
        final Path file = directory.resolve("elements-" + seed + ".csv");
        Files.writeString(file, elements, StandardCharsets.UTF_8);
        final ScenarioElementFile rows = ScenarioElementFile.read(spec, file);
        assertNull(rows.stop());
        final List<String> lines = new ArrayList<>();
        final long lateDropped = FlinkScenario.run(spec, rows.elements(),
                StreamExecutionEnvironment.createRemoteEnvironment(rest.getHost(), rest.getPort()), lines::add);
        lines.add(ScenarioLines.summary(lateDropped));
        return lines;
    }
}
