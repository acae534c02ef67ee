package dev.weir.flink.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.input.BadInputException;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.WindowKind;
import dev.weir.jobs.scenario.ScenarioLines;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every scenario whose output cannot depend on wall-clock timing (a window, a trigger that does not
 * fire on processing time; one or several channels, watermarks after every record, periodic on
 * the scenario's processing time, explicit, with idleness) runs on Flink with Flink's own window
 * operators and watermark generators and prints the lines of its {@code expected.txt}, the output
 * of Weir's deterministic driver, compared by {@link PerKeyLines}. A scenario directory with a
 * {@code refused.txt} instead is one this layer refuses: the file holds the message.
 *
 * <p>The scenarios of the system tests' {@code conformance/} and {@code scenarios/} directories are
 * copied here if they qualify (see {@link #EXCLUDED} for the others, whose job files are copied to
 * {@code excluded/} and must be refused by {@link FlinkScenario#check}; the processing-time trigger's
 * timing-free comparison is {@link FlinkProcessingTimeTriggerTest}); the others were written
 * for this layer and their {@code expected.txt} printed by {@code weir scenario}. Every two-input
 * scenario of the tools' {@code conformance-two-input/} (interval joins, window joins, no join) is
 * copied to {@code scenarios-two-input/} and runs. All run on one MiniCluster ({@link SharedMiniCluster}).
 */
final class FlinkScenarioConformanceTest {
    /**
     * Scenarios of system-tests/src/test/resources (conformance/, scenarios/) not run here, by the job-file field that rules them out:
     * their output depends on Flink's wall clock, or on what Flink's API does not expose.
     */
    static final Map<String, String> EXCLUDED = Map.ofEntries(
            Map.entry("explicit-watermarks-valve-output", "window"),       // no window: WM/STATUS lines of the valve
            Map.entry("processing-time-trigger", "window.trigger"),        // fires on the wall clock
            Map.entry("valve-idleness-status", "window"));                 // no window: WM/STATUS lines of the valve

    private static URI rest;

    @BeforeAll
    static void startCluster() throws Exception {
        rest = SharedMiniCluster.rest();
    }

    @TestFactory
    Stream<DynamicTest> everyScenarioPrintsItsExpectedLinesOnFlink() throws IOException {
        final List<Path> directories = scenarioDirectories("scenarios");
        assertEquals(38, directories.size(), "scenario directories");
        return directories.stream().map(directory -> DynamicTest.dynamicTest(directory.getFileName().toString(), () -> runScenario(directory)));
    }

    @TestFactory
    Stream<DynamicTest> everyTwoInputScenarioPrintsItsExpectedLinesOnFlink() throws IOException {
        final List<Path> directories = scenarioDirectories("scenarios-two-input");
        assertEquals(8, directories.size(), "two-input scenario directories");
        return directories.stream().map(directory -> DynamicTest.dynamicTest(directory.getFileName().toString(),
                () -> runTwoInputScenario(directory)));
    }

    private static void runTwoInputScenario(final Path directory) throws Exception {
        final Path jobFile = directory.resolve("job.yaml");
        final JobSpec job = JobFileParser.parse(jobFile);
        FlinkScenario.check(job, jobFile.toString());
        final ScenarioElementFile elements = ScenarioElementFile.read(job, directory.resolve("elements.csv"));
        assertNull(elements.stop());
        final List<String> lines = new ArrayList<>();
        lines.add(ScenarioLines.summary(FlinkScenario.run(job, elements.elements(), environment(), lines::add)));
        final List<String> expected = new ArrayList<>(Files.readAllLines(directory.resolve("expected.txt"), StandardCharsets.UTF_8));
        expected.removeIf(String::isBlank);
        assertEquals(JoinRuns.sorted(expected), JoinRuns.sorted(lines), directory.getFileName() + ": Flink printed " + lines);
    }

    private static void runScenario(final Path directory) throws Exception {
        final Path jobFile = directory.resolve("job.yaml");
        final Path elementFile = directory.resolve("elements.csv");
        final Path refused = directory.resolve("refused.txt");
        final JobSpec job = JobFileParser.parse(jobFile);
        if (Files.exists(refused)) {
            final String expected = Files.readString(refused, StandardCharsets.UTF_8).strip()
                    .replace("JOB", jobFile.toString()).replace("ELEMENTS", elementFile.toString());
            final BadInputException failure = assertThrows(BadInputException.class, () -> {
                FlinkScenario.check(job, jobFile.toString());
                final ScenarioElementFile elements = ScenarioElementFile.read(job, elementFile);
                if (elements.stop() != null) {
                    throw elements.stop();
                }
            });
            assertEquals(expected, failure.getMessage());
            return;
        }
        FlinkScenario.check(job, jobFile.toString());
        final ScenarioElementFile elements = ScenarioElementFile.read(job, elementFile);
        assertNull(elements.stop());
        final List<String> lines = new ArrayList<>();
        lines.add(ScenarioLines.summary(FlinkScenario.run(job, elements.elements(), environment(), lines::add)));
        final List<String> expected = Files.readAllLines(directory.resolve("expected.txt"), StandardCharsets.UTF_8);
        final boolean session = job.window().kind() == WindowKind.SESSION;
        assertEquals(PerKeyLines.of(expected, session), PerKeyLines.of(lines, session), directory.getFileName() + ": Flink printed " + lines);
        assertEquals(expected.stream().filter(line -> !line.isBlank()).count(), lines.size(), "line count");
    }

    private static StreamExecutionEnvironment environment() {
        return StreamExecutionEnvironment.createRemoteEnvironment(rest.getHost(), rest.getPort());
    }

    @Test
    void everyExcludedScenarioIsRefusedByTheFieldNamed() throws IOException {
        final List<Path> directories = scenarioDirectories("excluded");
        assertEquals(new TreeSet<>(EXCLUDED.keySet()),
                directories.stream().map(path -> path.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new)));
        for (final Path directory : directories) {
            final Path jobFile = directory.resolve("job.yaml");
            final ScenarioRefusedException refused = assertThrows(ScenarioRefusedException.class,
                    () -> FlinkScenario.check(JobFileParser.parse(jobFile), jobFile.toString()), directory.toString());
            assertEquals(EXCLUDED.get(directory.getFileName().toString()), refused.field(), refused.getMessage());
            assertTrue(refused.getMessage().startsWith(jobFile + ": field '" + refused.field() + "': "), refused.getMessage());
        }
    }

    @Test
    void theToolsScenariosAreEachRunOrExcluded() throws IOException {
        // the system tests' scenarios copied here (run or refused with a reason) and the excluded ones are disjoint
        final Set<String> run = scenarioDirectories("scenarios").stream().map(path -> path.getFileName().toString()).collect(Collectors.toSet());
        for (final String excluded : EXCLUDED.keySet()) {
            assertTrue(!run.contains(excluded), excluded);
        }
    }

    private static List<Path> scenarioDirectories(final String resource) throws IOException {
        final Path root;
        try {
            root = Path.of(FlinkScenarioConformanceTest.class.getResource("/" + resource).toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        try (Stream<Path> paths = Files.list(root)) {
            return paths.filter(Files::isDirectory).sorted().collect(Collectors.toList());
        }
    }
}
