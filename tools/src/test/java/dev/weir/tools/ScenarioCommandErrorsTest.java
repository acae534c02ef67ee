package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code weir scenario} on bad input: one clear line on stderr naming the file, the line and
 * the field, exit code 2, no stack trace (unless {@code --debug}), and the output of every
 * row before a bad one still on stdout. Also usage errors, missing files, help and a
 * failing pipeline (exit 1).
 */
class ScenarioCommandErrorsTest {
    private static final Pattern EXCEPTION_NAME = Pattern.compile("[A-Za-z]*Exception");

    /** Two channels, so channel 2 is out of range; windows never fire in the element cases. */
    private static final String TWO_CHANNEL_JOB = "channels: 2\n"
            + "watermarks:\n"
            + "  strategy: monotonous\n"
            + "  interval: 100\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 1000\n";

    private static final String VALID_ELEMENTS = "at,channel,kind,key,ts,value\n0,0,R,k,1,1\n";

    private static final String TUMBLING = "watermarks:\n"
            + "  strategy: monotonous\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 1000\n";

    @TempDir
    Path dir;

    static Stream<Arguments> badJobFiles() {
        return Stream.of(
                Arguments.of("malformed YAML", "watermarks:\n  strategy: monotonous\n window: [1,\n",
                        ":3: not valid YAML: expected <block end>, but found '<block mapping start>'"),
                Arguments.of("unknown root key", "watermarks:\n  strategy: monotonous\nspeed: 3\n",
                        ":3: unknown key 'speed' (valid keys: channels, watermarks, window, parallelism, inputs, join)"),
                Arguments.of("unknown key inside window", TUMBLING + "  colour: red\n",
                        ":6: unknown key 'window.colour' (valid keys in 'window': type, size, slide, offset, gap, trigger,"
                                + " allowedLateness, sideOutputLateData)"),
                Arguments.of("unknown strategy", "watermarks:\n  strategy: fast\n",
                        ":2: field 'watermarks.strategy': unknown strategy 'fast'"
                                + " (valid: bounded-out-of-orderness, monotonous, explicit, none)"),
                Arguments.of("unknown window type", "watermarks:\n  strategy: monotonous\nwindow:\n  type: hopping\n",
                        ":4: field 'window.type': unknown window type 'hopping' (valid: tumbling, sliding, session, global)"),
                Arguments.of("unknown trigger", TUMBLING + "  trigger: sometimes\n",
                        ":6: field 'window.trigger': unknown trigger 'sometimes'"
                                + " (valid: event-time, processing-time, count:N, purging-count:N, continuous-event-time:MS)"),
                Arguments.of("bounded-out-of-orderness without maxOutOfOrderness",
                        "watermarks:\n  strategy: bounded-out-of-orderness\n  interval: 100\n",
                        ":2: field 'watermarks.maxOutOfOrderness': is required for strategy bounded-out-of-orderness"),
                Arguments.of("sliding without slide", "watermarks:\n  strategy: monotonous\nwindow:\n  type: sliding\n  size: 1000\n",
                        ":4: field 'window.slide': is required for sliding windows"),
                Arguments.of("|offset| >= size", TUMBLING + "  offset: -1000\n",
                        ":6: field 'window.offset': must satisfy |offset| < size (1000), got -1000"),
                Arguments.of("event-time trigger on the global window",
                        "watermarks:\n  strategy: monotonous\nwindow:\n  type: global\n  trigger: event-time\n",
                        ":5: field 'window.trigger': trigger 'event-time' needs time windows, but the global window never ends"
                                + " (use count:N, purging-count:N or continuous-event-time:MS)"),
                Arguments.of("negative allowedLateness", TUMBLING + "  allowedLateness: -1\n",
                        ":6: field 'window.allowedLateness': must be at least 0 ms, got -1"),
                Arguments.of("parallelism 0", TUMBLING + "parallelism: 0\n",
                        ":6: field 'parallelism': must be in 1..128 (the number of key groups), got 0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badJobFiles")
    void aBadJobFileIsOneLineNamingFileLineAndField(final String description, final String yaml, final String message) {
        final Path job = write("job.yaml", yaml);
        final Path elements = write("elements.csv", VALID_ELEMENTS);
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertBadInput(run, job + message);
        assertEquals("", run.out(), run::describe);
    }

    static Stream<Arguments> badElementFiles() {
        final String header = "at,channel,kind,key,ts,value\n";
        return Stream.of(
                Arguments.of("missing header column", "at,channel,kind,key,ts\n0,0,R,k,1\n",
                        ":1: field 'value': missing from the header (the header must name at,channel,kind,key,ts,value)"),
                Arguments.of("unknown column", "at,channel,kind,key,ts,value,colour\n0,0,R,k,1,1,red\n",
                        ":1: field 'colour': unknown column (the header must name at,channel,kind,key,ts,value)"),
                Arguments.of("wrong field count", header + "0,0,R,k,1,1\n5,0,R,k,2\n",
                        ":3: expected 6 fields (at,channel,kind,key,ts,value), found 5"),
                Arguments.of("non-integer ts", header + "0,0,R,k,100,1\n200,0,R,k,1500,1\n300,0,R,k,12x,1\n",
                        ":4: field 'ts': '12x' is not a 64-bit integer"),
                Arguments.of("line numbers count comments and blank lines", header + "# a comment\n\n0,0,R,k,oops,1\n",
                        ":4: field 'ts': 'oops' is not a 64-bit integer"),
                Arguments.of("R row without ts", header + "0,0,R,k,,1\n",
                        ":2: field 'ts': missing: a record needs an event timestamp"),
                Arguments.of("R row without key", header + "0,0,R,,5,1\n",
                        ":2: field 'key': missing: a record needs a key"),
                Arguments.of("non-integer value", header + "0,0,R,k,5,x\n",
                        ":2: field 'value': 'x' is not a 64-bit integer"),
                Arguments.of("W row without ts", header + "0,0,W,,,\n",
                        ":2: field 'ts': missing: a W row needs the watermark in 'ts'"),
                Arguments.of("channel out of range", header + "0,2,R,k,5,1\n",
                        ":2: field 'channel': 2 is not a channel of this job (channels: 0..1)"),
                Arguments.of("negative channel", header + "0,-1,R,k,5,1\n",
                        ":2: field 'channel': -1 is not a channel of this job (channels: 0..1)"),
                Arguments.of("unknown kind", header + "0,0,X,k,5,1\n",
                        ":2: field 'kind': 'X' is not a row kind (R, W, I, A or E)"),
                Arguments.of("at going backwards", header + "100,0,R,k,5,1\n50,0,R,k,6,1\n",
                        ":3: field 'at': 50 is before 100 on line 2 (rows must be in non-decreasing 'at' order)"),
                Arguments.of("negative at", header + "-5,0,R,k,5,1\n",
                        ":2: field 'at': -5 is negative (processing time starts at 0)"),
                Arguments.of("row after the channel's E row", header + "0,0,R,k,5,1\n10,0,E,,,\n20,1,R,k,7,1\n30,0,R,k,6,1\n",
                        ":5: field 'channel': channel 0 ended on line 3; no row may follow its E row"),
                Arguments.of("unterminated quoted field", header + "0,0,R,\"k,1,1\n",
                        ":2: field 'key': unterminated quoted field"),
                Arguments.of("empty file", "",
                        ": the element file is empty; it needs the header at,channel,kind,key,ts,value"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badElementFiles")
    void aBadElementFileIsOneLineNamingFileLineAndField(final String description, final String csv, final String message) {
        final Path job = write("job.yaml", TWO_CHANNEL_JOB);
        final Path elements = write("elements.csv", csv);
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertBadInput(run, elements + message);
        assertFalse(run.out().contains("# lateDropped"), run::describe);
    }

    @Test
    void linesOfTheRowsBeforeABadRowAreStillPrinted() {
        final Path job = write("job.yaml", "watermarks:\n  strategy: monotonous\n  interval: 0\n"
                + "window:\n  type: tumbling\n  size: 1000\n  sideOutputLateData: true\n");
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n"
                + "0,0,R,k,100,1\n"
                + "1,0,R,k,1000,2\n"
                + "2,0,R,k,5,3\n"
                + "3,0,R,k,not-a-number,4\n"
                + "4,0,R,k,9000,5\n");
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertBadInput(run, elements + ":5: field 'ts': 'not-a-number' is not a 64-bit integer");
        assertEquals(List.of(
                "FIRE key=k window=[0,1000) count=1 sum=1 elements=[100] wm=999",
                "LATE key=k ts=5 value=3"), run.outLines(), run::describe);
    }

    @Test
    void withDebugABadInputAlsoPrintsTheStackTrace() {
        final Path job = write("job.yaml", TWO_CHANNEL_JOB);
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n0,0,R,k,12x,1\n");
        final CommandRun run = CommandRun.of("scenario", "--debug", job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        final List<String> err = run.errLines();
        assertEquals("weir: " + elements + ":2: field 'ts': '12x' is not a 64-bit integer", err.get(0), run::describe);
        assertTrue(err.size() > 2, run::describe);
        assertTrue(err.get(1).contains("ElementFileException"), run::describe);
        assertTrue(run.err().contains("\tat "), run::describe);
    }

    @Test
    void withDebugABadJobFileAlsoPrintsTheStackTrace() {
        final Path job = write("job.yaml", "watermarks:\n  strategy: fast\n");
        final Path elements = write("elements.csv", VALID_ELEMENTS);
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString(), "--debug");
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertTrue(run.err().contains("JobFileException"), run::describe);
        assertTrue(run.err().contains("\tat "), run::describe);
    }

    @Test
    void aStateOverItsCapIsABadSettingWithOneLineAndExitTwo() {
        final Path job = write("job.yaml", "watermarks:\n  strategy: monotonous\nwindow:\n  type: tumbling\n  size: 1000\n");
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n0,0,R,a,1,1\n1,0,R,b,2,1\n");
        final CommandRun run = CommandRun.of("scenario", "--state", "chronicle", "--state-max-entries", "1", job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of(
                "weir: state 'window-contents' of operator 'window' (instance 0, key groups [0, 127]) holds 1 entries, the most"
                        + " state.max-entries=1 allows; raise state.max-entries (--state-max-entries) or use more instances"),
                run.errLines(), run::describe);
        assertNoStackTrace(run);
    }

    static Stream<Arguments> timestampsNoWindowTakes() {
        final String tumbling = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 1000\n";
        final String noTimestamp = ":4: field 'ts': -9223372036854775808 (Long.MIN_VALUE) means 'no timestamp'; a record needs an event"
                + " time from -9223372036854775807 on";
        final String endOfTime = " window: windows end at Long.MAX_VALUE at the latest, exclusive (the last usable timestamp is"
                + " 9223372036854775806)";
        return Stream.of(
                Arguments.of("MIN on tumbling windows", tumbling, Long.MIN_VALUE, noTimestamp),
                Arguments.of("MIN without a window", "watermarks:\n  strategy: monotonous\n  interval: 0\n", Long.MIN_VALUE, noTimestamp),
                Arguments.of("MIN on the global window", "watermarks:\n  strategy: monotonous\nwindow:\n  type: global\n",
                        Long.MIN_VALUE, noTimestamp),
                Arguments.of("MAX on tumbling windows", tumbling, Long.MAX_VALUE,
                        ":4: field 'ts': 9223372036854775807 (Long.MAX_VALUE) fits no tumbling" + endOfTime),
                Arguments.of("MAX on sliding windows", "watermarks:\n  strategy: monotonous\nwindow:\n  type: sliding\n  size: 10\n"
                        + "  slide: 5\n", Long.MAX_VALUE, ":4: field 'ts': 9223372036854775807 (Long.MAX_VALUE) fits no sliding" + endOfTime),
                Arguments.of("MAX on session windows", "watermarks:\n  strategy: monotonous\nwindow:\n  type: session\n"
                        + "  gap: 9223372036854775807\n", Long.MAX_VALUE,
                        ":4: field 'ts': 9223372036854775807 (Long.MAX_VALUE) fits no session" + endOfTime));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("timestampsNoWindowTakes")
    void aTimestampTheJobCannotTakeIsBadInputAtItsRowAfterTheEarlierRowsOutput(final String description, final String yaml,
            final long timestamp, final String message) {
        final Path job = write("job.yaml", yaml);
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n"
                + "0,0,R,k,100,1\n"
                + "1,0,W,,5000,\n"
                + "2,0,R,k," + timestamp + ",3\n"
                + "3,0,R,k,9000,5\n");
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertBadInput(run, elements + message);
        assertFalse(run.out().contains("# lateDropped"), run::describe);
    }

    @Test
    void theEarlierRowsOutputStaysPrintedBeforeARecordWithoutATimestamp() {
        final Path job = write("job.yaml", "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 1000\n");
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n"
                + "0,0,R,k,100,1\n"
                + "1,0,R,k,1000,2\n"
                + "2,0,R,k,-9223372036854775808,3\n");
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("FIRE key=k window=[0,1000) count=1 sum=1 elements=[100] wm=999"), run.outLines(), run::describe);
    }

    @Test
    void anUnknownOptionOfTheScenarioCommandExitsTwo() {
        final Path job = write("job.yaml", TWO_CHANNEL_JOB);
        final Path elements = write("elements.csv", VALID_ELEMENTS);
        final CommandRun run = CommandRun.of("scenario", "--frobnicate", job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: Unknown option: '--frobnicate'", "try 'weir scenario --help'"), run.errLines(), run::describe);
        assertEquals("", run.out(), run::describe);
    }

    @Test
    void anUnknownTopLevelOptionExitsTwo() {
        final CommandRun run = CommandRun.of("--frobnicate");
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: Unknown option: '--frobnicate'", "try 'weir --help'"), run.errLines(), run::describe);
    }

    @Test
    void aMissingArgumentExitsTwo() {
        final Path job = write("job.yaml", TWO_CHANNEL_JOB);
        final CommandRun run = CommandRun.of("scenario", job.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: Missing required parameter: 'ELEMENTS.csv'", "try 'weir scenario --help'"), run.errLines(),
                run::describe);
    }

    @Test
    void noCommandExitsTwo() {
        final CommandRun run = CommandRun.of();
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals("weir: a command is required (try 'weir --help')", run.errLines().get(0), run::describe);
    }

    @Test
    void aMissingJobFileIsBadInput() {
        final Path job = dir.resolve("no-such-job.yaml");
        final Path elements = write("elements.csv", VALID_ELEMENTS);
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertBadInput(run, job + ": no such job file");
    }

    @Test
    void aMissingElementFileIsBadInput() {
        final Path job = write("job.yaml", TWO_CHANNEL_JOB);
        final Path elements = dir.resolve("no-such-elements.csv");
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertBadInput(run, elements + ": no such element file");
    }

    @Test
    void helpExitsZero() {
        final CommandRun top = CommandRun.of("--help");
        assertEquals(ExitCodes.OK, top.exitCode(), top::describe);
        assertTrue(top.out().startsWith("Usage: weir "), top::describe);
        assertTrue(top.out().contains("scenario"), top::describe);
        assertEquals("", top.err(), top::describe);

        final CommandRun scenario = CommandRun.of("scenario", "--help");
        assertEquals(ExitCodes.OK, scenario.exitCode(), scenario::describe);
        assertTrue(scenario.out().startsWith("Usage: weir scenario "), scenario::describe);
        assertTrue(scenario.out().contains("--debug"), scenario::describe);
        assertEquals("", scenario.err(), scenario::describe);
    }

    @Test
    void versionExitsZero() {
        final CommandRun run = CommandRun.of("--version");
        assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
        assertTrue(run.out().startsWith("weir "), run::describe);
    }

    private static void assertBadInput(final CommandRun run, final String message) {
        assertAll(
                () -> assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe),
                () -> assertEquals(List.of("weir: " + message), run.errLines(), run::describe),
                () -> assertNoStackTrace(run));
    }

    private static void assertNoStackTrace(final CommandRun run) {
        assertFalse(run.err().contains("\tat "), run::describe);
        assertFalse(EXCEPTION_NAME.matcher(run.err()).find(), run::describe);
    }

    private Path write(final String name, final String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
