package dev.weir.jobs.file;

import dev.weir.time.WatermarkKind;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two-input job files (docs/scenarios.md, "Two inputs"): the {@code inputs} section with its two inputs, the
 * {@code join} section of an interval or a window join, and for every mistake the exact one-line message
 * naming file, line and field.
 */
class TwoInputJobFileTest {
    private static final String FILE = "job.yaml";
    private static final String INPUTS = "inputs:\n"
            + "  left:\n"
            + "    channels: 2\n"
            + "    watermarks: { strategy: bounded-out-of-orderness, maxOutOfOrderness: 100, interval: 50 }\n"
            + "  right:\n"
            + "    watermarks: { strategy: explicit }\n";

    private static JobSpec parse(final String yaml) {
        return JobFileParser.parse(FILE, new StringReader(yaml));
    }

    private static String error(final String yaml) {
        return assertThrows(JobFileException.class, () -> parse(yaml)).getMessage();
    }

    @Test
    void bothInputsAreReadWithTheirOwnChannelsAndWatermarks() {
        final JobSpec job = parse(INPUTS);
        assertAll(
                () -> assertTrue(job.isTwoInput()),
                () -> assertEquals(2, job.left().channels()),
                () -> assertEquals(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS, job.left().watermarks().kind()),
                () -> assertEquals(100, job.left().watermarks().maxOutOfOrdernessMillis()),
                () -> assertEquals(50, job.left().watermarks().intervalMillis()),
                () -> assertEquals(1, job.right().channels()),
                () -> assertEquals(WatermarkKind.EXPLICIT, job.right().watermarks().kind()),
                () -> assertEquals(200, job.right().watermarks().intervalMillis()),
                () -> assertNull(job.join()),
                () -> assertNull(job.window()),
                () -> assertNull(job.effectiveWindow()),
                () -> assertEquals(1, job.parallelism()),
                () -> assertEquals(1, job.inputsLine()));
    }

    @Test
    void aOneInputJobHasNoInputs() {
        final JobSpec job = parse("watermarks:\n  strategy: monotonous\n");
        assertAll(
                () -> assertFalse(job.isTwoInput()),
                () -> assertNull(job.left()),
                () -> assertNull(job.right()),
                () -> assertNull(job.join()));
    }

    @Test
    void aTwoInputJobHasNoTopLevelChannelsOrWatermarks() {
        final JobSpec job = parse(INPUTS);
        assertEquals("a two-input job has no top-level channels: each of inputs.left and inputs.right has its own",
                assertThrows(IllegalStateException.class, job::channels).getMessage());
        assertEquals("a two-input job has no top-level watermarks: each of inputs.left and inputs.right has its own",
                assertThrows(IllegalStateException.class, job::watermarks).getMessage());
    }

    @Test
    void anIntervalJoinTakesItsBoundsWithUnitsAndSigns() {
        final JoinSpec join = parse(INPUTS + "join:\n  type: interval\n  lowerBound: -2s\n  upperBound: 100ms\n"
                + "  lowerBoundExclusive: true\n  sideOutputLateData: true\nparallelism: 3\n").join();
        assertAll(
                () -> assertEquals(JoinKind.INTERVAL, join.kind()),
                () -> assertEquals(-2000, join.lowerBoundMillis()),
                () -> assertEquals(100, join.upperBoundMillis()),
                () -> assertTrue(join.lowerBoundExclusive()),
                () -> assertFalse(join.upperBoundExclusive()),
                () -> assertTrue(join.sideOutputLateData()),
                () -> assertNull(join.window()));
        assertEquals(3, parse(INPUTS + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 0\nparallelism: 3\n").parallelism());
    }

    @Test
    void equalBoundsAreAnInterval() {
        final JoinSpec join = parse(INPUTS + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 0\n  upperBoundExclusive: true\n").join();
        assertEquals(0, join.lowerBoundMillis());
        assertEquals(0, join.upperBoundMillis());
        assertTrue(join.upperBoundExclusive());
    }

    @Test
    void aWindowJoinTakesTheWindowSectionOfAOneInputJob() {
        final JobSpec job = parse(INPUTS + "join:\n  type: window\n  window:\n    type: sliding\n    size: 2s\n    slide: 500\n"
                + "    allowedLateness: 300\n    trigger: count:3\n");
        final WindowSpec window = job.join().window();
        assertAll(
                () -> assertEquals(JoinKind.WINDOW, job.join().kind()),
                () -> assertEquals(WindowKind.SLIDING, window.kind()),
                () -> assertEquals(2000, window.sizeMillis()),
                () -> assertEquals(500, window.slideMillis()),
                () -> assertEquals(300, window.allowedLatenessMillis()),
                () -> assertEquals(TriggerSpec.Kind.COUNT, window.trigger().kind()),
                () -> assertFalse(window.sideOutputLateData()),
                () -> assertNull(job.window()),
                () -> assertEquals(window, job.effectiveWindow()));
    }

    @Test
    void aWindowJoinChecksRecordTimestampsAsItsWindowDoes() {
        final JobSpec job = parse(INPUTS + "join:\n  type: window\n  window:\n    type: tumbling\n    size: 1000\n");
        assertThrows(IllegalArgumentException.class, () -> job.checkRecordTimestamp(Long.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> job.checkRecordTimestamp(Long.MIN_VALUE));
        job.checkRecordTimestamp(Long.MAX_VALUE - 1);
    }

    @Test
    void topLevelChannelsOrWatermarksNextToInputsAreOneErrorNamingTheLine() {
        assertEquals("job.yaml:1: field 'channels': cannot be used with 'inputs' (line 2): each input has its own,"
                + " as inputs.left.channels and inputs.right.channels", error("channels: 2\n" + INPUTS));
        assertEquals("job.yaml:7: field 'watermarks': cannot be used with 'inputs' (line 1): each input has its own,"
                + " as inputs.left.watermarks and inputs.right.watermarks", error(INPUTS + "watermarks:\n  strategy: monotonous\n"));
        assertEquals("job.yaml:7: field 'window': cannot be used with 'inputs' (line 1): a window over both inputs is a window join,"
                + " 'join' with 'type: window' and the window under 'join.window'", error(INPUTS + "window:\n  type: global\n"));
    }

    @Test
    void bothInputsAreRequiredAndEachNeedsItsWatermarks() {
        assertEquals("job.yaml:2: field 'inputs.right': is required (a two-input job has inputs 'left' and 'right', each with"
                + " 'channels' and 'watermarks')", error("inputs:\n  left:\n    watermarks: { strategy: explicit }\n"));
        assertEquals("job.yaml:3: field 'inputs.left.watermarks': is required (strategy: bounded-out-of-orderness, monotonous,"
                + " explicit, none)", error("inputs:\n  left:\n    channels: 2\n  right:\n    watermarks: { strategy: explicit }\n"));
        assertEquals("job.yaml:4: unknown key 'inputs.middle' (valid keys in 'inputs': left, right)",
                error("inputs:\n  left:\n    watermarks: { strategy: explicit }\n  middle: {}\n"));
        assertEquals("job.yaml:3: unknown key 'inputs.left.window' (valid keys in 'inputs.left': channels, watermarks)",
                error("inputs:\n  left:\n    window: {}\n"));
        assertEquals("job.yaml:3: field 'inputs.left.channels': must be in 1..1024, got 0",
                error("inputs:\n  left:\n    channels: 0\n    watermarks: { strategy: explicit }\n"));
        assertEquals("job.yaml:1: field 'inputs': must be a mapping of keys to values", error("inputs: 2\n"));
    }

    @Test
    void aJoinNeedsTwoInputs() {
        assertEquals("job.yaml:3: field 'join': needs two inputs: an 'inputs' section with 'left' and 'right' in place of"
                + " 'channels' and 'watermarks'", error("watermarks:\n  strategy: monotonous\njoin:\n  type: interval\n"));
    }

    @Test
    void theJoinTypeIsRequiredAndKnown() {
        assertEquals("job.yaml:8: field 'join.type': is required (one of: interval, window)", error(INPUTS + "join:\n  lowerBound: 0\n"));
        assertEquals("job.yaml:8: field 'join.type': unknown join type 'coGroup' (valid: interval, window)",
                error(INPUTS + "join:\n  type: coGroup\n"));
        assertEquals("job.yaml:9: unknown key 'join.where' (valid keys in 'join': type, lowerBound, upperBound, lowerBoundExclusive,"
                + " upperBoundExclusive, sideOutputLateData, window)", error(INPUTS + "join:\n  type: interval\n  where: key\n"));
    }

    @Test
    void aLowerBoundAboveTheUpperBoundIsRefusedAsFlinkWordsIt() {
        assertEquals("job.yaml:9: field 'join.lowerBound': lowerBound <= upperBound must be fulfilled, but lowerBound is 100 and"
                + " upperBound is -1000 (upperBound on line 10)", error(INPUTS + "join:\n  type: interval\n  lowerBound: 100\n  upperBound: -1s\n"));
    }

    @Test
    void intervalBoundsAreRequiredDurations() {
        assertEquals("job.yaml:8: field 'join.lowerBound': is required for interval joins",
                error(INPUTS + "join:\n  type: interval\n  upperBound: 10\n"));
        assertEquals("job.yaml:8: field 'join.upperBound': is required for interval joins",
                error(INPUTS + "join:\n  type: interval\n  lowerBound: 10\n"));
        assertEquals("job.yaml:10: field 'join.upperBound': '1h' is not a duration (milliseconds, or a whole number with a unit:"
                + " 250ms, 2s, 1m)", error(INPUTS + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 1h\n"));
        assertEquals("job.yaml:10: field 'join.upperBound': must fit in 64 bits, got 9223372036854775808 (beyond 64 bits)",
                error(INPUTS + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 9223372036854775808\n"));
        assertEquals("job.yaml:11: field 'join.upperBoundExclusive': 'yes' is not true or false",
                error(INPUTS + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 1\n  upperBoundExclusive: yes\n"));
        assertEquals("job.yaml:11: field 'join.window': does not apply to interval joins (only to window joins)",
                error(INPUTS + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 1\n  window: { type: global }\n"));
    }

    @Test
    void aWindowJoinNeedsItsWindowAndTakesNoBoundsNorLateSideOutput() {
        assertEquals("job.yaml:8: field 'join.window': is required for window joins (the window both inputs' records go into, as a"
                + " one-input job's 'window')", error(INPUTS + "join:\n  type: window\n"));
        assertEquals("job.yaml:9: field 'join.lowerBound': does not apply to window joins (only to interval joins)",
                error(INPUTS + "join:\n  type: window\n  lowerBound: 0\n"));
        assertEquals("job.yaml:9: field 'join.sideOutputLateData': does not apply to window joins (only to interval joins)",
                error(INPUTS + "join:\n  type: window\n  sideOutputLateData: true\n"));
        assertEquals("job.yaml:12: field 'join.window.sideOutputLateData': does not apply to window joins: a window join has no late"
                + " side output (as Flink's join API); late records are dropped and counted in lateDropped",
                error(INPUTS + "join:\n  type: window\n  window:\n    type: tumbling\n    size: 10\n    sideOutputLateData: false\n"));
        assertEquals("job.yaml:10: field 'join.window.size': is required for tumbling windows",
                error(INPUTS + "join:\n  type: window\n  window:\n    type: tumbling\n"));
    }

    @Test
    void oneInputCommandsRefuseATwoInputJobNamingTheInputsLine(@TempDir final Path directory) throws IOException {
        final Path file = directory.resolve("two.yaml");
        Files.writeString(file, "# two inputs\n" + INPUTS, StandardCharsets.UTF_8);
        assertEquals(file + ":2: field 'inputs': weir run runs one-input jobs only (top-level 'channels' and 'watermarks');"
                + " run a two-input job with weir scenario",
                assertThrows(JobFileException.class, () -> JobFileParser.parseOneInput(file, 1 << 16, "weir run")).getMessage());
        Files.writeString(file, "watermarks:\n  strategy: monotonous\n", StandardCharsets.UTF_8);
        assertFalse(JobFileParser.parseOneInput(file, 1 << 16, "weir run").isTwoInput());
    }

    @Test
    void joinSpecsCheckTheirRulesToo() {
        assertEquals("lowerBound <= upperBound must be fulfilled, but lowerBound is 1 and upperBound is 0",
                assertThrows(IllegalArgumentException.class, () -> JoinSpec.interval(1, 0, false, false, false)).getMessage());
        final WindowSpec lateSide = new WindowSpec(WindowKind.GLOBAL, 0, 0, 0, 0, null, 0, true);
        assertEquals("a window join has no late side output: late records are dropped and counted",
                assertThrows(IllegalArgumentException.class, () -> JoinSpec.window(lateSide)).getMessage());
    }
}
