package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rules both commands share: keys read the same from element and record files (blanks
 * around a field dropped, quoted text kept as is); columns a row kind does not use must be
 * empty; job numbers outside their range stop either command with exit code 2 before anything
 * runs (no silent wrap, no exhausted heap, no hang).
 */
class InputRulesTest {
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 100\n";
    private static final String HEADER = "at,channel,kind,key,ts,value\n";

    @TempDir
    Path dir;

    static Stream<Arguments> keySpellings() {
        return Stream.of(
                Arguments.of("plain", "a", "a"),
                Arguments.of("spaces around", "  a ", "a"),
                Arguments.of("a tab around", "\ta", "a"),
                Arguments.of("quoted", "\"a\"", "a"),
                Arguments.of("quoted with spaces inside", "\" a b \"", " a b "),
                Arguments.of("quoted with a comma", "\"a,b\"", "a,b"),
                Arguments.of("quoted with a doubled quote", "\"say \"\"hi\"\"\"", "say \"hi\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keySpellings")
    void scenarioAndRunReadTheSameKey(final String description, final String spelled, final String key) {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), HEADER, "0,0,R," + spelled + ", 10 ,1\n0,0,E,,,\n");
        final Path records = InputFileBytes.write(dir.resolve("records.csv"), spelled + ", 10 ,1\n");

        final CommandRun scenario = CommandRun.of("scenario", job.toString(), elements.toString());
        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), records.toString());

        final String fire = "FIRE key=" + key + " window=[0,100) count=1 sum=1 elements=[10] wm=MAX";
        assertEquals(List.of(fire, "# lateDropped=0"), scenario.outLines(), scenario::describe);
        assertEquals(List.of(fire, "# lateDropped=0"), run.outLines(), run::describe);
    }

    static Stream<Arguments> unusedColumnsWithText() {
        return Stream.of(
                Arguments.of("W row with a key", "0,0,W,k,5,", "field 'key': must be empty in a W row, got 'k'"),
                Arguments.of("W row with a value", "0,0,W,,5,7", "field 'value': must be empty in a W row, got '7'"),
                Arguments.of("I row with a key", "0,0,I,idle,,", "field 'key': must be empty in an I row, got 'idle'"),
                Arguments.of("A row with a timestamp", "0,0,A,,12,", "field 'ts': must be empty in an A row, got '12'"),
                Arguments.of("E row with a value", "0,0,E,,,garbage", "field 'value': must be empty in an E row, got 'garbage'"),
                Arguments.of("E row with a long key", "0,0,E," + "z".repeat(300) + ",,",
                        "field 'key': must be empty in an E row, got '" + "z".repeat(200) + "…'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unusedColumnsWithText")
    void textInAColumnTheRowKindDoesNotUseIsAnError(final String description, final String row, final String message) {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), HEADER, "0,0,R,k,10,1\n0,0,R,k,150,2\n", row, "\n");

        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());

        run.assertBadInput(elements + ":4: " + message);
        assertEquals(List.of("FIRE key=k window=[0,100) count=1 sum=1 elements=[10] wm=149"), run.outLines(), run::describe);
    }

    @Test
    void blankUnusedColumnsAreFine() {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), HEADER, "0,0,R,k,10,1\n0,0,W, ,50, \n0,0,E,\"\",,\n");
        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("FIRE key=k window=[0,100) count=1 sum=1 elements=[10] wm=MAX", "# lateDropped=0"), run.outLines(),
                run::describe);
    }

    static Stream<Arguments> channelsOutOfRange() {
        return Stream.of(
                Arguments.of("4294967297", "must be in 1..1024, got 4294967297"),
                Arguments.of("2147483647", "must be in 1..1024, got 2147483647"),
                Arguments.of("100000000", "must be in 1..1024, got 100000000"),
                Arguments.of("0", "must be in 1..1024, got 0"),
                Arguments.of("99999999999999999999", "must be in 1..1024, got 99999999999999999999 (beyond 64 bits)"));
    }

    @ParameterizedTest(name = "channels: {0}")
    @MethodSource("channelsOutOfRange")
    void channelsOutOfRangeStopBothCommandsNamingTheField(final String channels, final String message) {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), "channels: " + channels + "\n" + JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), HEADER, "0,0,R,k,10,1\n");
        final Path records = InputFileBytes.write(dir.resolve("records.csv"), "k,10,1\n");

        CommandRun.of("scenario", job.toString(), elements.toString()).assertBadInput(job + ":1: field 'channels': " + message);
        CommandRun.of("run", "--format", "fire", job.toString(), records.toString()).assertBadInput(job + ":1: field 'channels': " + message);
    }
}
