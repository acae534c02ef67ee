package dev.weir.tools.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.source.LineReader;
import dev.weir.state.HeapStateBackend;
import dev.weir.tools.CanonicalOutput;
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
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The two-input conformance scenarios (test resources, {@code conformance-two-input/}: job.yaml, elements.csv,
 * expected.txt) through {@link ScenarioRunner}: the job file parser, the element file reader with its
 * {@code input} column, the scenario's driving, the operators and line formats of pipelines' scenario package
 * and the closing line, with the job's operators driven at operator level ({@link OperatorLevelTwoInputJobGraph})
 * as an operator-level model of the graph (the engine's runtime runs them in ConformanceScenariosTest). Output is compared in canonical form (runs of JOIN lines of one
 * watermark sorted).
 */
class TwoInputScenariosTest {
    @TestFactory
    Stream<DynamicTest> twoInputScenarios() throws URISyntaxException, IOException {
        final URL resource = TwoInputScenariosTest.class.getResource("/conformance-two-input");
        assertTrue(resource != null, "the test resource folder conformance-two-input/ is missing");
        final Path folder = Paths.get(resource.toURI());
        final List<Path> directories;
        try (Stream<Path> children = Files.list(folder)) {
            directories = children.filter(Files::isDirectory).sorted().collect(Collectors.toList());
        }
        assertFalse(directories.isEmpty(), "no scenarios in " + folder);
        return directories.stream().map(directory -> DynamicTest.dynamicTest(directory.getFileName().toString(), directory.toUri(), () -> {
            final JobSpec job = JobFileParser.parse(directory.resolve("job.yaml"));
            assertTrue(job.isTwoInput(), directory + " is not a two-input job");
            final List<String> lines = run(job, directory.resolve("elements.csv"));
            final String expected = Files.readString(directory.resolve("expected.txt"), StandardCharsets.UTF_8);
            assertEquals(CanonicalOutput.canonical(expected, false), CanonicalOutput.canonical(lines, false),
                    () -> directory + "/expected.txt; printed:\n" + String.join("\n", lines));
        }));
    }

    static List<String> run(final JobSpec job, final Path elements) throws IOException {
        final List<String> lines = new ArrayList<>();
        try (LineReader reader = LineReader.utf8(Files.newInputStream(elements), LineReader.DEFAULT_MAX_LINE_BYTES)) {
            ScenarioRunner.runTwoInputs(job, elements.toString(), reader, lines::add, note -> { }, ScenarioRuntime.DETERMINISTIC,
                    HeapStateBackend.INSTANCE, new OperatorLevelTwoInputJobGraph());
        }
        return lines;
    }
}
