package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.tools.cli.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bytes of element, record and job files: a byte sequence that is not UTF-8 is named by file,
 * line and byte offset after the output of every earlier row; a leading byte order mark is
 * skipped; a line over {@code --max-line-bytes} is an error at that line; a bad line is quoted
 * with at most 200 characters. Exit code 2 and no exception names throughout.
 */
class InputBytesTest {
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 100\n";
    private static final String ELEMENT_HEADER = "at,channel,kind,key,ts,value\n";

    @TempDir
    Path dir;

    /** 50 records of key k, one per 100 ms window, with event times 0, 100, ... 4900. */
    private static String records(final String prefix) {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            text.append(prefix).append("k,").append(i * 100).append(',').append(i).append('\n');
        }
        return text.toString();
    }

    /** The windows the 50 records close: all but the last, fired by the next record's watermark. */
    private static List<String> firedByFiftyRecords() {
        final List<String> lines = new ArrayList<>();
        for (int i = 0; i < 49; i++) {
            final long start = i * 100L;
            lines.add("FIRE key=k window=[" + start + "," + (start + 100) + ") count=1 sum=" + i + " elements=[" + start + "] wm="
                    + (start + 99));
        }
        return lines;
    }

    private static long utf8Length(final String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.weir.tools.InputFileBytes#notUtf8")
    void aBadByteInAnElementFileIsNamedAfterTheOutputOfTheFiftyRowsBefore(final String name, final byte[] bad) {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final String good = ELEMENT_HEADER + records("0,0,R,");
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), good, "0,0,R,", bad, ",5000,1\n0,0,E,,,\n");

        final CommandRun run = CommandRun.of("scenario", job.toString(), elements.toString());

        run.assertBadInput(elements + ":52: byte offset " + (utf8Length(good) + 6) + ": not UTF-8");
        assertEquals(firedByFiftyRecords(), run.outLines(), run::describe);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.weir.tools.InputFileBytes#notUtf8")
    void aBadByteInARecordFileIsNamedAfterTheOutputOfTheFiftyLinesBefore(final String name, final byte[] bad) {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final String good = records("");
        final Path recordFile = InputFileBytes.write(dir.resolve("records.csv"), good, "k,50", bad, "00,1\nk,5100,1\n");

        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), recordFile.toString());

        run.assertBadInput(recordFile + ":51: byte offset " + (utf8Length(good) + 4) + ": not UTF-8");
        assertEquals(firedByFiftyRecords(), run.outLines(), run::describe);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.weir.tools.InputFileBytes#notUtf8")
    void aBadByteInAJobFileIsNamedByLineForBothCommands(final String name, final byte[] bad) {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), "watermarks:\n  strategy: monotonous\n# note ", bad,
                "\nwindow:\n  type: tumbling\n  size: 100\n");
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), ELEMENT_HEADER);
        final Path recordFile = InputFileBytes.write(dir.resolve("records.csv"), "k,1,1\n");

        CommandRun.of("scenario", job.toString(), elements.toString()).assertBadInput(job + ":3: byte offset 42: not UTF-8");
        CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString()).assertBadInput(job + ":3: byte offset 42: not UTF-8");
    }

    @Test
    void aByteOrderMarkStartingEveryInputFileIsSkipped() {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), InputFileBytes.BOM, JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), InputFileBytes.BOM, ELEMENT_HEADER,
                "0,0,R,a,10,1\n0,0,E,,,\n");
        final Path recordFile = InputFileBytes.write(dir.resolve("records.csv"), InputFileBytes.BOM, "a,10,1\n");
        final Path withHeader = InputFileBytes.write(dir.resolve("header.csv"), InputFileBytes.BOM, "key,ts,value\na,20,2\n");

        final CommandRun scenario = CommandRun.of("scenario", job.toString(), elements.toString());
        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), recordFile.toString());
        final CommandRun headed = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), withHeader.toString());

        assertEquals(List.of("FIRE key=a window=[0,100) count=1 sum=1 elements=[10] wm=MAX", "# lateDropped=0"), scenario.outLines(),
                scenario::describe);
        assertEquals(List.of("FIRE key=a window=[0,100) count=1 sum=1 elements=[10] wm=MAX", "# lateDropped=0"), run.outLines(), run::describe);
        assertEquals(List.of("FIRE key=a window=[0,100) count=1 sum=2 elements=[20] wm=MAX", "# lateDropped=0"), headed.outLines(), headed::describe);
    }

    @Test
    void aLineOverTheLimitIsAnErrorAtItsLineAfterEarlierOutput() {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), ELEMENT_HEADER, "0,0,R,k,10,1\n0,0,R,k,150,2\n",
                "0,0,R," + "k".repeat(100) + ",200,3\n");
        final Path recordFile = InputFileBytes.write(dir.resolve("records.csv"), "k,10,1\nk,150,2\n", "k".repeat(100) + ",200,3\n");

        final CommandRun scenario = CommandRun.of("scenario", "--max-line-bytes", "64", job.toString(), elements.toString());
        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", "--max-line-bytes", "64", job.toString(), recordFile.toString());

        final String fired = "FIRE key=k window=[0,100) count=1 sum=1 elements=[10] wm=149";
        scenario.assertBadInput(elements + ":4: longer than the limit of 64 bytes");
        assertEquals(List.of(fired), scenario.outLines(), scenario::describe);
        run.assertBadInput(recordFile + ":3: longer than the limit of 64 bytes");
        assertEquals(List.of(fired), run.outLines(), run::describe);
    }

    @Test
    void aLimitOutOfRangeIsAUsageErrorOfScenarioToo() {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), ELEMENT_HEADER);
        for (final String limit : List.of("0", "-1", "1073741825")) {
            final CommandRun run = CommandRun.of("scenario", "--max-line-bytes", limit, job.toString(), elements.toString());
            assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
            assertEquals(List.of("weir: --max-line-bytes must be in 1..1073741824, got " + limit, "try 'weir scenario --help'"),
                    run.errLines(), run::describe);
        }
    }

    @Test
    void aJobFileLineOverTheLimitIsNamedForBothCommands() {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), "# " + "-".repeat(70) + "\n" + JOB);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), ELEMENT_HEADER);
        final Path recordFile = InputFileBytes.write(dir.resolve("records.csv"), "k,1,1\n");
        CommandRun.of("scenario", "--max-line-bytes", "64", job.toString(), elements.toString())
                .assertBadInput(job + ":1: longer than the limit of 64 bytes");
        CommandRun.of("run", "--format", "fire", "--max-line-bytes", "64", job.toString(), recordFile.toString())
                .assertBadInput(job + ":1: longer than the limit of 64 bytes");
        assertEquals(0, CommandRun.of("scenario", job.toString(), elements.toString()).exitCode());
    }

    @Test
    void theDefaultLimitIsOneMebibyte() {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final String atLimit = "k".repeat((1 << 20) - ",10,1".length());
        final Path fits = InputFileBytes.write(dir.resolve("fits.csv"), atLimit, ",10,1\n");
        final Path over = InputFileBytes.write(dir.resolve("over.csv"), "k,1,1\n", atLimit, "k,10,1\n");

        final CommandRun fitting = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), fits.toString());
        final CommandRun tooLong = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), over.toString());

        assertEquals(0, fitting.exitCode(), fitting::describe);
        assertEquals(2, fitting.outLines().size(), fitting::describe);
        tooLong.assertBadInput(over + ":2: longer than the limit of 1048576 bytes");
    }

    @Test
    void messagesQuoteAtMost200CharactersOfABadField() {
        final Path job = InputFileBytes.write(dir.resolve("job.yaml"), JOB);
        final String huge = "9x".repeat(5000);
        final Path elements = InputFileBytes.write(dir.resolve("elements.csv"), ELEMENT_HEADER, "0,0,R,k," + huge + ",1\n");
        final Path recordFile = InputFileBytes.write(dir.resolve("records.csv"), "k," + huge + ",1\n");
        final Path wrongShape = InputFileBytes.write(dir.resolve("shape.csv"), "k".repeat(300) + "\n");

        final String cut = "9x".repeat(100) + "…";
        CommandRun.of("scenario", job.toString(), elements.toString())
                .assertBadInput(elements + ":2: field 'ts': '" + cut + "' is not a 64-bit integer");
        CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString())
                .assertBadInput(recordFile + ":1: field 'ts': not an integer: '" + cut + "'");
        CommandRun.of("run", "--format", "fire", job.toString(), wrongShape.toString())
                .assertBadInput(wrongShape + ":1: expected 3 fields key,ts,value, got 1: '" + "k".repeat(200) + "…'");
    }
}
