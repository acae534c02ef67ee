package dev.weir.tools.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.scenario.TwoInputJobGraph;
import dev.weir.source.LineReader;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.tools.CanonicalOutput;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A differential test of two-input jobs on the engine's runtime: 200 seeded random jobs and element files
 * ({@link RandomTwoInputJobs}: no join, interval joins, window joins; late records on both sides). Each must print the same canonical output and note on the
 * deterministic scheduler with heap state, the threaded scheduler with heap state, and the deterministic scheduler
 * with Chronicle Map state; every fourth job also on the threaded scheduler with Chronicle Map state.
 */
@Tag("property")
class TwoInputDifferentialTest {
    private static final int JOBS = 200;

    @Test
    void everyRuntimeAndStateBackendPrintsTheSameLines() {
        int joins = 0;
        int lines = 0;
        for (int seed = 0; seed < JOBS; seed++) {
            final Random random = new Random(seed * 7919L + 17);
            final String job = RandomTwoInputJobs.job(random);
            final JobSpec spec = JobFileParser.parse("job.yaml", new StringReader(job));
            final String elements = RandomTwoInputJobs.elements(random, spec);
            final String what = "seed " + seed + "\n--- job.yaml\n" + job + "--- elements.csv\n" + elements;
            final List<String> reference = run(spec, elements, ScenarioRuntime.DETERMINISTIC, HeapStateBackend.INSTANCE);
            final String expected = CanonicalOutput.canonical(reference, false);
            assertEquals(expected, CanonicalOutput.canonical(run(spec, elements, ScenarioRuntime.THREADED, HeapStateBackend.INSTANCE),
                    false), () -> what + "--- threaded (heap) differs from deterministic (heap), which printed:\n" + expected);
            assertEquals(expected, CanonicalOutput.canonical(run(spec, elements, ScenarioRuntime.DETERMINISTIC, chronicle()), false),
                    () -> what + "--- deterministic (Chronicle) differs from deterministic (heap), which printed:\n" + expected);
            if (seed % 4 == 0) {
                assertEquals(expected, CanonicalOutput.canonical(run(spec, elements, ScenarioRuntime.THREADED, chronicle()), false),
                        () -> what + "--- threaded (Chronicle) differs from deterministic (heap), which printed:\n" + expected);
            }
            joins += reference.stream().filter(line -> line.startsWith("JOIN ")).count() > 0 ? 1 : 0;
            lines += reference.size();
        }
        // the generator makes jobs that do something: most print pairs, and there are lines beyond the closing ones
        assertTrue(joins > JOBS / 3, "only " + joins + " of " + JOBS + " jobs printed a JOIN line");
        assertTrue(lines > JOBS * 4, "only " + lines + " lines over " + JOBS + " jobs");
    }

    private static StateBackend chronicle() {
        return new ChronicleStateBackend(ChronicleStateConfig.defaults());
    }

    private static List<String> run(final JobSpec spec, final String elements, final ScenarioRuntime runtime, final StateBackend state) {
        final List<String> lines = new ArrayList<>();
        ScenarioRunner.runTwoInputs(spec, "elements.csv", LineReader.utf8(new ByteArrayInputStream(elements.getBytes(StandardCharsets.UTF_8)),
                LineReader.DEFAULT_MAX_LINE_BYTES), lines::add, note -> lines.add("note: " + note), runtime, state,
                TwoInputJobGraph.runtime());
        return lines;
    }
}
