package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.WindowKind;
import dev.weir.tools.CanonicalOutput;
import dev.weir.tools.CommandRun;
import dev.weir.tools.cli.ExitCodes;
import dev.weir.tools.scenario.ScenarioRunner;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every scenario (the test resources' {@code conformance/} and {@code scenarios/}, and
 * {@code <repo>/examples}) run both ways, the same pipeline on either scheduler: on the
 * deterministic one and through {@code weir scenario --runtime threaded} (Disruptor rings, task
 * threads at the job's parallelism), compared in canonical form ({@link CanonicalOutput}).
 *
 * <p><b>One channel:</b> the threaded runtime must print exactly the same lines: one ring
 * carries the channel's records, watermarks and status in row order, the reader moves the
 * virtual clock only once the tasks caught up, and {@code OrderedLines} puts the lines of
 * parallel window instances back in watermark order. Processing-time triggers match too:
 * such jobs run in lock-step (the reader waits after every row).
 *
 * <p><b>Two inputs</b> (examples/two-input-join): the same lines as well; the reader waits for the tasks after
 * every row, as the rows fix how both inputs interleave.
 *
 * <p><b>Several channels:</b> each channel has its own ring and the task reads its rings in
 * turn, so events of different channels that happen at the same instant (the same {@code at},
 * or the periodic emissions of one tick) may reach the valve in another order than the rows.
 * Time never runs ahead of the tasks, so events of different instants keep their order. What
 * this may change, and so what is compared:
 * <ul>
 *   <li>the order of a window's elements that arrived at the same instant on different
 *       channels: FIRE lines are compared as a multiset with their elements as multisets;</li>
 *   <li>the watermark at which a window fires, where a channel's IDLE and another channel's
 *       watermark come at the same tick ({@link #WATERMARK_MAY_DIFFER}, with the reason): there
 *       the FIRE lines are compared without their {@code wm=};</li>
 *   <li>the WM and STATUS lines of a job without a window (the valve's intermediate outputs
 *       depend on the order of same-instant channel events): only their last WM line is
 *       compared; such jobs have no FIRE lines at all.</li>
 * </ul>
 * The number of records dropped as late ({@code # lateDropped}) is compared everywhere: in
 * these scenarios no late record shares its instant with the watermark that makes it late.
 */
class ThreadedScenariosTest {
    private static final String REPO_ROOT_PROPERTY = "weir.repo.root";
    private static final Pattern WM = Pattern.compile(" wm=\\S+$");

    /** Multi-channel scenarios whose FIRE watermarks depend on the order of same-instant channel events. */
    private static final Map<String, String> WATERMARK_MAY_DIFFER = Map.of(
            "two-channels-idleness", "at tick 600 channel 0 emits 1299 and channel 1 turns IDLE: if the task sees the IDLE first,"
                    + " the valve's minimum becomes channel 0's previous 1199, which already fires [0,1000) (wm=1199, same contents)",
            "seed-idle-idleness", "channel 1 (never a record) turns IDLE at the tick where channel 0 emits its next watermark: seen"
                    + " first, the IDLE releases channel 0's previous watermark, so [0,2000) may fire one tick earlier");

    @TestFactory
    Stream<DynamicNode> conformanceScenarios() throws URISyntaxException {
        return scenarios(ConformanceScenariosTest.resourceFolder("/conformance"));
    }

    @TestFactory
    Stream<DynamicNode> exampleScenarios() {
        return scenarios(repoRoot().resolve("examples"), ConformanceScenariosTest::isScenario);
    }

    @TestFactory
    Stream<DynamicNode> projectScenarios() throws URISyntaxException {
        return scenarios(ConformanceScenariosTest.resourceFolder("/scenarios"));
    }

    private static Path repoRoot() {
        final String root = System.getProperty(REPO_ROOT_PROPERTY);
        if (root == null || root.isBlank()) {
            fail("system property " + REPO_ROOT_PROPERTY + " is not set: run the tests through Maven");
        }
        return Paths.get(root).toAbsolutePath().normalize();
    }

    private static Stream<DynamicNode> scenarios(final Path folder) {
        return scenarios(folder, directory -> true);
    }

    private static Stream<DynamicNode> scenarios(final Path folder, final java.util.function.Predicate<Path> scenario) {
        assertTrue(Files.isDirectory(folder), "missing scenario folder " + folder);
        final List<Path> directories;
        try (Stream<Path> children = Files.list(folder)) {
            directories = children.filter(Files::isDirectory).filter(scenario).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new AssertionError("cannot list " + folder + ": " + e.getMessage(), e);
        }
        assertFalse(directories.isEmpty(), "no scenario directories in " + folder);
        return directories.stream().map(directory -> DynamicTest.dynamicTest(
                directory.getParent().getFileName() + "/" + directory.getFileName() + " threaded = deterministic",
                directory.toUri(), () -> compare(directory)));
    }

    private static void compare(final Path directory) {
        final Path job = directory.resolve("job.yaml");
        final Path elements = directory.resolve("elements.csv");
        final JobSpec spec = JobFileParser.parse(job);
        final List<String> deterministic = new ArrayList<>();
        ScenarioRunner.run(spec, elements, deterministic::add);

        final CommandRun run = CommandRun.of("scenario", "--runtime", "threaded", job.toString(), elements.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
        assertTrue(run.err().lines().allMatch(line -> line.startsWith("weir: note: ")), run::describe);
        final List<String> threaded = run.outLines();

        final boolean sessions = spec.window() != null && spec.window().kind() == WindowKind.SESSION;
        final String scenario = directory.getFileName().toString();
        final String explain = directory + "\n--- deterministic:\n" + String.join("\n", deterministic) + "\n--- threaded:\n"
                + String.join("\n", threaded);
        // a two-input job runs in lock-step on the threaded scheduler (its rows fix the interleaving of both inputs)
        if (spec.isTwoInput() || spec.channels() == 1) {
            assertEquals(CanonicalOutput.canonical(deterministic, sessions), CanonicalOutput.canonical(threaded, sessions), explain);
            return;
        }
        final boolean keepWatermark = !WATERMARK_MAY_DIFFER.containsKey(scenario);
        assertEquals(fireMultiset(deterministic, keepWatermark), fireMultiset(threaded, keepWatermark), explain);
        assertEquals(last(deterministic, "# lateDropped="), last(threaded, "# lateDropped="), explain);
        assertEquals(last(deterministic, "WM "), last(threaded, "WM "), explain);
    }

    /** FIRE lines, sorted, each with its elements sorted (and without its wm= when that may differ). */
    private static List<String> fireMultiset(final List<String> lines, final boolean keepWatermark) {
        return lines.stream()
                .filter(line -> line.startsWith("FIRE "))
                .map(CanonicalOutput::sortElements)
                .map(line -> keepWatermark ? line : WM.matcher(line).replaceFirst(""))
                .sorted()
                .collect(Collectors.toList());
    }

    private static String last(final List<String> lines, final String prefix) {
        String last = null;
        for (final String line : lines) {
            if (line.startsWith(prefix)) {
                last = line;
            }
        }
        return last;
    }
}
