package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.WindowKind;
import dev.weir.tools.CanonicalOutput;
import dev.weir.tools.CommandRun;
import dev.weir.tools.cli.ExitCodes;
import dev.weir.tools.scenario.ScenarioRunner;
import dev.weir.tools.scenario.ScenarioRuntime;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Conformance: every scenario directory ({@code job.yaml}, {@code elements.csv},
 * {@code expected.txt}) in the test resources' {@code conformance/} (the conformance floor: scenarios
 * whose expected output was produced by Apache Flink's semantics), {@code conformance-two-input/} (the same for
 * two-input jobs) and {@code scenarios/}, and in the README's
 * {@code <repo>/examples}, runs through {@link ScenarioRunner} and must print its expected.txt, as
 * compared by {@link CanonicalOutput} (elements as multisets for session-window jobs only).
 * Each scenario also runs through the command line ({@code weir scenario}, stdout captured)
 * with each state backend ({@code --state heap} and {@code --state chronicle}), and, since
 * output must not depend on the window operator's parallelism, windowed scenarios also run
 * at parallelism 1 and 3 on the off-heap backend against the same expected.txt.
 */
class ConformanceScenariosTest {
    private static final String REPO_ROOT_PROPERTY = "weir.repo.root";
    private static final int[] OTHER_PARALLELISMS = {1, 3};
    private static final List<String> STATE_BACKENDS = List.of("heap", "chronicle");

    @TestFactory
    Stream<DynamicNode> conformanceScenarios() throws URISyntaxException {
        return scenarios(resourceFolder("/conformance"));
    }

    @TestFactory
    Stream<DynamicNode> exampleScenarios() {
        final String root = System.getProperty(REPO_ROOT_PROPERTY);
        if (root == null || root.isBlank()) {
            fail("system property " + REPO_ROOT_PROPERTY + " is not set: run the tests through Maven");
        }
        final Path examples = Paths.get(root).toAbsolutePath().normalize().resolve("examples");
        if (!Files.isDirectory(examples)) {
            fail("the examples folder " + examples + " is missing");
        }
        return scenarios(examples, ConformanceScenariosTest::isScenario);
    }

    /**
     * examples/replay holds captures for 'weir replay' (docs/replay.md, "Generating captures"), examples/embedding an
     * application's project and examples/embedding-check the module that builds it: not scenarios.
     */
    static boolean isScenario(final Path exampleDirectory) {
        return !List.of("replay", "embedding", "embedding-check").contains(exampleDirectory.getFileName().toString());
    }

    /**
     * The two-input floor: each scenario as written, then through {@code weir scenario} on each runtime with each state
     * backend, and a join at parallelism 1 and 3 on each runtime with Chronicle state, all against its expected.txt.
     */
    @TestFactory
    Stream<DynamicNode> twoInputConformanceScenarios() throws URISyntaxException {
        return scenarios(resourceFolder("/conformance-two-input"));
    }

    @TestFactory
    Stream<DynamicNode> projectScenarios() throws URISyntaxException {
        return scenarios(resourceFolder("/scenarios"));
    }

    /** A scenario folder of the test resources (system-tests/src/test/resources; conformance-two-input/ comes from tools/src/test/resources). */
    static Path resourceFolder(final String name) throws URISyntaxException {
        final URL resource = ConformanceScenariosTest.class.getResource(name);
        if (resource == null) {
            fail("the test resource folder " + name.substring(1) + "/ (system-tests/src/test/resources" + name
                    + ") is missing from the test class path");
        }
        return Paths.get(resource.toURI());
    }

    private static Stream<DynamicNode> scenarios(final Path folder) {
        return scenarios(folder, directory -> true);
    }

    private static Stream<DynamicNode> scenarios(final Path folder, final java.util.function.Predicate<Path> scenario) {
        final List<Path> directories;
        try (Stream<Path> children = Files.list(folder)) {
            directories = children.filter(Files::isDirectory).filter(scenario).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new AssertionError("cannot list " + folder + ": " + e.getMessage(), e);
        }
        assertFalse(directories.isEmpty(), "no scenario directories in " + folder);
        return directories.stream().map(ConformanceScenariosTest::scenario);
    }

    private static DynamicNode scenario(final Path directory) {
        final Path job = directory.resolve("job.yaml");
        final Path elements = directory.resolve("elements.csv");
        final Path expected = directory.resolve("expected.txt");
        final List<DynamicTest> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest("as written", job.toUri(), () -> {
            final JobSpec spec = parse(job, elements, expected);
            assertCanonicalEquals(expected, spec, run(spec, elements));
        }));
        for (final String state : STATE_BACKENDS) {
            tests.add(DynamicTest.dynamicTest("through weir scenario --state " + state, job.toUri(), () -> {
                final JobSpec spec = parse(job, elements, expected);
                final CommandRun run = CommandRun.of("scenario", "--state", state, job.toString(), elements.toString());
                assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
                // stderr carries only diagnostics (e.g. a channel that stalls the watermark), never errors
                assertTrue(run.err().lines().allMatch(line -> line.startsWith("weir: note: ")), run::describe);
                assertCanonicalEquals(expected, spec, run.outLines());
            }));
        }
        if (isTwoInputJoin(job)) {
            for (final ScenarioRuntime runtime : ScenarioRuntime.values()) {
                for (final String state : STATE_BACKENDS) {
                    tests.add(DynamicTest.dynamicTest("through weir scenario --runtime " + runtime.label() + " --state " + state, job.toUri(),
                            () -> {
                                final JobSpec spec = parse(job, elements, expected);
                                final CommandRun run = CommandRun.of("scenario", "--runtime", runtime.label(), "--state", state,
                                        job.toString(), elements.toString());
                                assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
                                assertTrue(run.err().lines().allMatch(line -> line.startsWith("weir: note: ")), run::describe);
                                assertCanonicalEquals(expected, spec, run.outLines());
                            }));
                }
                for (final int parallelism : OTHER_PARALLELISMS) {
                    tests.add(DynamicTest.dynamicTest("at parallelism " + parallelism + ", " + runtime.label() + ", off-heap state",
                            job.toUri(), () -> {
                                final JobSpec spec = parse(job, elements, expected);
                                final JobSpec other = JobSpec.twoInputs(spec.left(), spec.right(), spec.join(), parallelism);
                                final List<String> lines = new ArrayList<>();
                                ScenarioRunner.run(other, elements, lines::add, note -> { }, runtime,
                                        new ChronicleStateBackend(ChronicleStateConfig.defaults()));
                                assertCanonicalEquals(expected, spec, lines);
                            }));
                }
            }
        } else if (isTwoInput(job)) {
            for (final String state : STATE_BACKENDS) {
                tests.add(DynamicTest.dynamicTest("through weir scenario --runtime threaded --state " + state, job.toUri(), () -> {
                    final JobSpec spec = parse(job, elements, expected);
                    final CommandRun run = CommandRun.of("scenario", "--runtime", "threaded", "--state", state, job.toString(),
                            elements.toString());
                    assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
                    assertTrue(run.err().lines().allMatch(line -> line.startsWith("weir: note: ")), run::describe);
                    assertCanonicalEquals(expected, spec, run.outLines());
                }));
            }
        }
        if (isWindowed(job)) {
            for (final int parallelism : OTHER_PARALLELISMS) {
                tests.add(DynamicTest.dynamicTest("at parallelism " + parallelism + ", off-heap state", job.toUri(), () -> {
                    final JobSpec spec = parse(job, elements, expected);
                    final JobSpec other = new JobSpec(spec.channels(), spec.watermarks(), spec.window(), parallelism);
                    final List<String> lines = new ArrayList<>();
                    ScenarioRunner.run(other, elements, lines::add, note -> { }, ScenarioRuntime.DETERMINISTIC,
                            new ChronicleStateBackend(ChronicleStateConfig.defaults()));
                    assertCanonicalEquals(expected, spec, lines);
                }));
            }
        }
        return DynamicContainer.dynamicContainer(directory.getParent().getFileName() + "/" + directory.getFileName(), directory.toUri(), tests.stream());
    }

    /** Only decides which tests to make: a job file that does not parse fails in "as written". */
    private static boolean isTwoInput(final Path job) {
        try {
            return JobFileParser.parse(job).isTwoInput();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** A two-input job with a join, whose output must not depend on the join's parallelism. */
    private static boolean isTwoInputJoin(final Path job) {
        try {
            final JobSpec spec = JobFileParser.parse(job);
            return spec.isTwoInput() && spec.join() != null;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Only decides which tests to make: a job file that does not parse fails in "as written". */
    private static boolean isWindowed(final Path job) {
        try {
            return JobFileParser.parse(job).window() != null;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static JobSpec parse(final Path job, final Path elements, final Path expected) {
        for (final Path file : List.of(job, elements, expected)) {
            assertTrue(Files.isRegularFile(file), "scenario file missing: " + file);
        }
        return JobFileParser.parse(job);
    }

    private static List<String> run(final JobSpec spec, final Path elements) {
        final List<String> lines = new ArrayList<>();
        ScenarioRunner.run(spec, elements, lines::add);
        return lines;
    }

    private static void assertCanonicalEquals(final Path expectedFile, final JobSpec spec, final List<String> actual) throws IOException {
        final boolean multiset = spec.window() != null && spec.window().kind() == WindowKind.SESSION;
        final String expected = Files.readString(expectedFile, StandardCharsets.UTF_8);
        assertEquals(CanonicalOutput.canonical(expected, multiset), CanonicalOutput.canonical(actual, multiset),
                () -> expectedFile + " (canonical form" + (multiset ? ", elements as multisets" : "") + "); engine printed:\n"
                        + String.join("\n", actual));
    }
}
