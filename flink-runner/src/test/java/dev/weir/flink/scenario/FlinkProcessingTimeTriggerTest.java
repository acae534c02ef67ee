package dev.weir.flink.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.SharedMiniCluster;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.scenario.ScenarioLines;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A {@code processing-time} trigger on Flink fires on Flink's wall clock, so which firings
 * happen, and between which records, depends on timing; {@code weir scenario --engine flink}
 * refuses it. What holds regardless of timing is compared (docs/flink.md, "The scenario
 * comparison"): the late records ({@code LATE} lines per key and {@code # lateDropped}), which
 * follow the watermarks only; and every {@code FIRE} line's contents are a prefix, in arrival
 * order, of the records its key put into that window and that were not late, with their count
 * and sum, fired before the watermark reached the window's end (after it the window is gone), and
 * one key's firings of one window never shrink. Weir's own output satisfies the same rules.
 */
final class FlinkProcessingTimeTriggerTest {
    private static final Pattern FIRE = Pattern.compile(
            "FIRE key=(\\S+) window=\\[(-?\\d+),(-?\\d+)\\) count=(\\d+) sum=(-?\\d+) elements=\\[([-\\d,]*)\\] wm=(\\S+)");
    private static final Pattern LATE = Pattern.compile("LATE key=(\\S+) ts=(-?\\d+) value=(-?\\d+)");

    private static URI rest;

    @BeforeAll
    static void startCluster() throws Exception {
        rest = SharedMiniCluster.rest();
    }

    @Test
    void theToolsScenarioOnFlinkKeepsEveryTimingFreeRule() throws Exception {
        final Path directory = Path.of(FlinkProcessingTimeTriggerTest.class.getResource("/excluded/processing-time-trigger").toURI());
        final JobSpec job = JobFileParser.parse(directory.resolve("job.yaml"));
        final ScenarioRefusedException refused = assertThrows(ScenarioRefusedException.class,
                () -> FlinkScenario.check(job, "job.yaml"));
        assertEquals("window.trigger", refused.field());
        final ScenarioElementFile elements = ScenarioElementFile.read(job, directory.resolve("elements.csv"));
        assertNull(elements.stop());
        final List<String> weir = Files.readAllLines(directory.resolve("expected.txt"), StandardCharsets.UTF_8);
        assertTimingFree(job, elements.elements(), weir, weir);
        assertTimingFree(job, elements.elements(), weir, flink(job, elements.elements()));
    }

    @Test
    void randomRowsOnTwoChannelsWithLateRecordsKeepEveryTimingFreeRule() throws Exception {
        for (long seed = 1; seed <= 3; seed++) {
            final Random random = new Random(seed);
            final long size = random.nextBoolean() ? 100 : 250;
            final JobSpec job = JobFileParser.parse("job.yaml", new StringReader("channels: 2\nwatermarks:\n"
                    + "  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 30\n  interval: 20\n"
                    + "window:\n  type: tumbling\n  size: " + size + "\n  trigger: processing-time\n  sideOutputLateData: true\n"));
            final List<ScenarioElement> rows = new ArrayList<>();
            long at = 0;
            for (int value = 1; value <= 40; value++) {
                at += random.nextInt(25);
                rows.add(ScenarioElement.record(at, random.nextInt(2), "k" + random.nextInt(3), at + random.nextInt(200) - 100, value));
            }
            rows.add(ScenarioElement.status(at + 1, 0, ScenarioElement.Kind.END));
            rows.add(ScenarioElement.status(at + 1, 1, ScenarioElement.Kind.END));
            final List<String> lines = flink(job, rows);
            assertTrue(lines.stream().anyMatch(line -> line.startsWith("LATE ")), "seed " + seed + " has late records: " + lines);
            assertTimingFree(job, rows, lines, lines);
            // the late records follow the scenario's watermarks only: a second run has the same
            assertTimingFree(job, rows, lines, flink(job, rows));
        }
    }

    private static List<String> flink(final JobSpec job, final List<ScenarioElement> rows) throws Exception {
        final List<String> lines = new ArrayList<>();
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment(rest.getHost(), rest.getPort());
        lines.add(ScenarioLines.summary(FlinkScenario.run(job, rows, env, lines::add)));
        return lines;
    }

    /**
     * @param reference a run whose late records are taken as the timing-free truth (Weir's, or a first Flink run)
     * @param lines the run checked
     */
    private static void assertTimingFree(final JobSpec job, final List<ScenarioElement> rows, final List<String> reference,
            final List<String> lines) {
        assertEquals(lateLines(reference), lateLines(lines), "late records per key: " + lines);
        assertEquals(reference.get(reference.size() - 1), lines.get(lines.size() - 1), "# lateDropped");
        final List<String> late = lines.stream().filter(line -> line.startsWith("LATE ")).collect(Collectors.toList());
        final long size = job.window().sizeMillis();
        // each (key, window)'s records that were not late, in arrival order (file order: one reader)
        final Map<String, List<ScenarioElement>> admitted = new HashMap<>();
        for (final ScenarioElement row : rows) {
            if (row.kind() == ScenarioElement.Kind.RECORD && !late.remove(ScenarioLines.late(row.toRecord()))) {
                final long start = Math.floorDiv(row.timestamp(), size) * size;
                admitted.computeIfAbsent(row.toRecord().key() + "@" + start, k -> new ArrayList<>()).add(row);
            }
        }
        assertEquals(List.of(), late, "every LATE line is a record of the file");
        final Map<String, Integer> fired = new HashMap<>();
        for (final String line : lines) {
            final Matcher fire = FIRE.matcher(line);
            if (!fire.matches()) {
                assertTrue(line.startsWith("LATE ") || line.startsWith("# lateDropped="), line);
                continue;
            }
            final long start = Long.parseLong(fire.group(2));
            final long end = Long.parseLong(fire.group(3));
            assertEquals(size, end - start, line);
            final List<ScenarioElement> records = admitted.getOrDefault(fire.group(1) + "@" + start, List.of());
            final int count = Integer.parseInt(fire.group(4));
            assertTrue(count >= 1 && count <= records.size(), line + " within " + records.size() + " records");
            final List<ScenarioElement> prefix = records.subList(0, count);
            assertEquals(prefix.stream().map(row -> Long.toString(row.timestamp())).collect(Collectors.joining(",")), fire.group(6), line);
            assertEquals(prefix.stream().mapToLong(row -> row.toRecord().value()).sum(), Long.parseLong(fire.group(5)), line);
            final String wm = fire.group(7);
            assertTrue("MIN".equals(wm) || Long.parseLong(wm) < end - 1, "fired before the window's cleanup: " + line);
            final Integer before = fired.put(fire.group(1) + "@" + start, count);
            assertTrue(before == null || before <= count, "a window's firings never shrink: " + line);
        }
    }

    private static Map<String, List<String>> lateLines(final List<String> lines) {
        final Map<String, List<String>> perKey = new HashMap<>();
        for (final String line : lines) {
            final Matcher late = LATE.matcher(line);
            if (late.matches()) {
                perKey.computeIfAbsent(late.group(1), k -> new ArrayList<>()).add(line);
            }
        }
        return perKey;
    }
}
