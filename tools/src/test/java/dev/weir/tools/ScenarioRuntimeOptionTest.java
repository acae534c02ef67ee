package dev.weir.tools;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weir scenario --runtime}: the valid values, a usage error for others, and errors on the threaded runtime. */
class ScenarioRuntimeOptionTest {
    private static final String TUMBLING = "watermarks:\n  strategy: monotonous\n  interval: 0\n"
            + "window:\n  type: tumbling\n  size: 1000\n  sideOutputLateData: true\n";

    @TempDir
    Path dir;

    @Test
    void anUnknownRuntimeIsAUsageErrorListingTheValidOnes() {
        final Path job = write("job.yaml", TUMBLING);
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n0,0,R,k,1,1\n");
        final CommandRun run = CommandRun.of("scenario", "--runtime", "fast", job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: Invalid value for option '--runtime': unknown runtime 'fast' (valid values: deterministic, threaded)",
                "try 'weir scenario --help'"), run.errLines(), run::describe);
        assertEquals("", run.out(), run::describe);
    }

    @Test
    void bothRuntimesAreNamedInTheHelp() {
        final CommandRun run = CommandRun.of("scenario", "--help");
        assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
        assertTrue(run.out().contains("--runtime=RUNTIME"), run::describe);
        assertTrue(run.out().contains("deterministic (default)"), run::describe);
        assertTrue(run.out().contains("threaded:"), run::describe);
    }

    @Test
    void theDeterministicRuntimeIsTheDefaultAndCanBeNamed() {
        final Path job = write("job.yaml", TUMBLING);
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n0,0,R,k,100,1\n1,0,R,k,1000,2\n");
        final CommandRun unnamed = CommandRun.of("scenario", job.toString(), elements.toString());
        final CommandRun named = CommandRun.of("scenario", "--runtime", "deterministic", job.toString(), elements.toString());
        final CommandRun threaded = CommandRun.of("scenario", "--runtime=threaded", job.toString(), elements.toString());
        final List<String> expected = List.of("FIRE key=k window=[0,1000) count=1 sum=1 elements=[100] wm=999", "# lateDropped=0");
        assertEquals(expected, unnamed.outLines(), unnamed::describe);
        assertEquals(expected, named.outLines(), named::describe);
        assertEquals(expected, threaded.outLines(), threaded::describe);
    }

    @Test
    void onTheThreadedRuntimeTheLinesOfRowsBeforeABadRowAreStillPrinted() {
        final Path job = write("job.yaml", TUMBLING);
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n"
                + "0,0,R,k,100,1\n"
                + "1,0,R,k,1000,2\n"
                + "2,0,R,k,5,3\n"
                + "3,0,R,k,not-a-number,4\n");
        final CommandRun run = CommandRun.of("scenario", "--runtime", "threaded", job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + elements + ":5: field 'ts': 'not-a-number' is not a 64-bit integer"), run.errLines(), run::describe);
        assertEquals(List.of("FIRE key=k window=[0,1000) count=1 sum=1 elements=[100] wm=999", "LATE key=k ts=5 value=3"), run.outLines(),
                run::describe);
    }

    @Test
    void aStateOverItsCapOnTheThreadedRuntimeIsABadSettingWithOneLineAndExitTwo() {
        final Path job = write("job.yaml", "watermarks:\n  strategy: monotonous\nwindow:\n  type: tumbling\n  size: 1000\n");
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n0,0,R,a,1,1\n1,0,R,b,2,1\n");
        final CommandRun run = CommandRun.of("scenario", "--runtime", "threaded", "--state", "chronicle", "--state-max-entries", "1",
                job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of(
                "weir: state 'window-contents' of operator 'window' (instance 0, key groups [0, 127]) holds 1 entries, the most"
                        + " state.max-entries=1 allows; raise state.max-entries (--state-max-entries) or use more instances"),
                run.errLines(), run::describe);
        assertFalse(run.err().contains("\tat "), run::describe);
        assertEquals("", run.out(), run::describe);
    }

    @Test
    void aRecordWithoutATimestampIsBadInputAtItsRowOnTheThreadedRuntime() {
        final Path job = write("job.yaml", "watermarks:\n  strategy: monotonous\nwindow:\n  type: tumbling\n  size: 1000\n");
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n0,0,R,k,5,1\n1,0,R,k," + Long.MIN_VALUE + ",1\n");
        final CommandRun run = CommandRun.of("scenario", "--runtime", "threaded", job.toString(), elements.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + elements + ":3: field 'ts': -9223372036854775808 (Long.MIN_VALUE) means 'no timestamp'; a record"
                + " needs an event time from -9223372036854775807 on"), run.errLines(), run::describe);
    }

    @Test
    void theThreadedRuntimeSkipsSettledTicksOverLongGapsLikeTheDriver() {
        final Path job = write("job.yaml", "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 100\n"
                + "  interval: 200\n  idleness: 1000\nwindow:\n  type: tumbling\n  size: 1000\n  sideOutputLateData: true\n");
        // processing time jumps from 300 to an epoch timestamp: ticking every 200 ms through it would take days
        final Path elements = write("elements.csv", "at,channel,kind,key,ts,value\n"
                + "0,0,R,k,100,1\n"
                + "300,0,R,k,1500,2\n"
                + "1700000000000,0,R,k,900,3\n"
                + "1700000000050,0,R,k,2500,4\n"
                + "1700000000400,0,R,j,3100,5\n"
                + "1700000000450,0,E,,,\n");
        final CommandRun deterministic = CommandRun.of("scenario", job.toString(), elements.toString());
        final CommandRun threaded = CommandRun.of("scenario", "--runtime", "threaded", job.toString(), elements.toString());
        assertEquals(ExitCodes.OK, threaded.exitCode(), threaded::describe);
        assertEquals(List.of(
                "FIRE key=k window=[0,1000) count=1 sum=1 elements=[100] wm=1399",
                "LATE key=k ts=900 value=3",
                "FIRE key=k window=[1000,2000) count=1 sum=2 elements=[1500] wm=2399",
                "FIRE key=k window=[2000,3000) count=1 sum=4 elements=[2500] wm=MAX",
                "FIRE key=j window=[3000,4000) count=1 sum=5 elements=[3100] wm=MAX",
                "# lateDropped=0"), deterministic.outLines(), deterministic::describe);
        assertEquals(deterministic.outLines(), threaded.outLines(), threaded::describe);
    }

    private Path write(final String name, final String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
