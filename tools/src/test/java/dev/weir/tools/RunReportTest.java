package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code weir run} tells about a run: {@code # lateDropped=N} as the last output line and
 * a summary on stderr with exact counts, and a progress line only on a terminal or when forced.
 */
class RunReportTest {
    /** Watermarks after every record (interval 0): which records are late does not depend on timing. */
    private static final String JOB = "watermarks: {strategy: bounded-out-of-orderness, maxOutOfOrderness: 30, interval: 0}\n"
            + "window: {type: tumbling, size: 100, allowedLateness: 20, sideOutputLateData: %s}\n"
            + "parallelism: 3\n";
    /**
     * After k,250 the watermark is 219: windows [0,100) of k and j fire, and k,20, j,90 (window
     * [0,100), cleaned up at 119) and k,120 (window [100,200), cleaned up at 219) are late. The end
     * of input fires k's [200,300).
     */
    private static final String RECORDS = "key,ts,value\nk,10,1\nk,50,2\nj,60,3\n# a comment is no record\nk,250,4\n"
            + "k,20,5\nj,90,6\nk,120,7\nk,230,8\n";
    private static final List<String> FIRED = List.of(
            "FIRE key=j window=[0,100) count=1 sum=3 elements=[60] wm=219",
            "FIRE key=k window=[0,100) count=2 sum=3 elements=[10,50] wm=219",
            "FIRE key=k window=[200,300) count=2 sum=12 elements=[250,230] wm=MAX");
    private static final String SECONDS_AND_RATE = ", \\d+\\.\\d\\d s, [\\d,]+ records/s";

    @TempDir
    Path dir;

    @Test
    void droppedLateRecordsAreCountedOnTheLastLineAndInTheSummary() throws IOException {
        final CommandRun run = CommandRun.of("run", "--format", "fire", write("job.yaml", String.format(JOB, "false")).toString(),
                write("records.csv", RECORDS).toString());

        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.outLines();
        assertEquals("# lateDropped=3", lines.get(lines.size() - 1), run::describe);
        assertEquals(FIRED, sorted(lines.subList(0, lines.size() - 1)));
        assertEquals(1, run.errLines().size(), run::describe);
        assertTrue(Pattern.matches(Pattern.quote("weir run: 8 records read, 3 late dropped, 0 late to side output, 3 windows fired,"
                + " 0 checkpoints") + SECONDS_AND_RATE, run.errLines().get(0)), run::describe);
    }

    @Test
    void lateRecordsToTheSideOutputAreCountedApartFromDroppedOnes() throws IOException {
        final Path output = dir.resolve("out.txt");
        final CommandRun run = CommandRun.of("run", "--format", "fire", write("job.yaml", String.format(JOB, "true")).toString(),
                write("records.csv", RECORDS).toString(), "--output", output.toString());

        assertEquals(0, run.exitCode(), run::describe);
        assertEquals("", run.out());
        final List<String> lines = Files.readAllLines(output);
        assertEquals("# lateDropped=0", lines.get(lines.size() - 1));
        final List<String> expected = new ArrayList<>(FIRED);
        expected.addAll(List.of("LATE key=j ts=90 value=6", "LATE key=k ts=120 value=7", "LATE key=k ts=20 value=5"));
        assertEquals(expected, sorted(lines.subList(0, lines.size() - 1)));
        assertTrue(Pattern.matches(Pattern.quote("weir run: 8 records read, 0 late dropped, 3 late to side output, 3 windows fired,"
                + " 0 checkpoints") + SECONDS_AND_RATE, run.err().trim()), run::describe);
    }

    @Test
    void withoutATerminalNoProgressLineIsPrinted() throws IOException {
        // the tests' stderr is a pipe, not a terminal; the run is paced to last past several progress intervals
        final CommandRun run = CommandRun.of("run", "--format", "fire", write("job.yaml", String.format(JOB, "false")).toString(),
                write("records.csv", manyRecords(400)).toString(), "--max-rate", "400");

        assertEquals(0, run.exitCode(), run::describe);
        assertFalse(run.err().contains("\r"), run::describe);
        assertEquals(1, run.errLines().size(), run::describe);
        assertTrue(run.err().startsWith("weir run: 400 records read, 0 late dropped,"), run::describe);
        assertFalse(CommandRun.of("run", "--format", "fire", write("job2.yaml", String.format(JOB, "false")).toString(),
                write("records2.csv", manyRecords(400)).toString(), "--max-rate", "400", "--no-progress").err().contains("\r"));
    }

    @Test
    void forcedProgressIsRewrittenInPlaceAndBlankedBeforeTheSummary() throws IOException {
        final CommandRun run = CommandRun.of("run", "--format", "fire", write("job.yaml", String.format(JOB, "false")).toString(),
                write("records.csv", manyRecords(400)).toString(), "--max-rate", "400", "--progress");

        assertEquals(0, run.exitCode(), run::describe);
        final String err = run.err();
        final int summary = err.indexOf("weir run: 400 records read");
        assertTrue(summary > 0, run::describe);
        final String progress = err.substring(0, summary);
        // one or more progress lines, each after a carriage return, then blanks and a carriage return
        assertTrue(Pattern.matches("(\\rweir run: \\d+\\.\\d% of 6\\.0 kB, [\\d,]+ records/s, watermark (MIN|-?\\d+), ETA (--:--|\\d+:\\d\\d) *)+"
                + "\\r +\\r", progress), progress);
    }

    private static String manyRecords(final int count) {
        final StringBuilder records = new StringBuilder();
        for (int i = 0; i < count; i++) {
            records.append("key").append(i % 7).append(',').append(1_000_000 + i).append(",1\n");
        }
        return records.toString();
    }

    private static List<String> sorted(final List<String> lines) {
        return lines.stream().sorted().collect(Collectors.toList());
    }

    private Path write(final String name, final String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
