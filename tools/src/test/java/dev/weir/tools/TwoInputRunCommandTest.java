package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.run.RecordFileJob;
import dev.weir.tools.cli.ExitCodes;
import dev.weir.tools.scenario.ScenarioRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir run --job JOB.yaml --left FILES --right FILES} (docs/run.md, "Two inputs"): a two-input job's join over
 * each input's record files prints the pairs {@code weir scenario} prints for the same records (JOIN lines without
 * the watermark at pairing, which depends on timing, compared as a multiset); a run killed after its checkpoint
 * marks and restored prints, kept output up to the restored mark plus restored output, exactly the uninterrupted
 * run's lines; and the files given the wrong way are one clear error.
 */
class TwoInputRunCommandTest {
    private static final Pattern WATERMARK = Pattern.compile(" wm=\\S+$");
    private static final String INPUTS = "inputs:\n"
            + "  left: { channels: 2, watermarks: { strategy: monotonous, interval: 0 } }\n"
            + "  right: { channels: 1, watermarks: { strategy: monotonous, interval: 0 } }\n";
    private static final String INTERVAL = INPUTS + "join:\n  type: interval\n  lowerBound: -100\n  upperBound: 60\n"
            + "  lowerBoundExclusive: true\nparallelism: 2\n";
    private static final String WINDOW = INPUTS + "join:\n  type: window\n  window: { type: tumbling, size: 50 }\nparallelism: 3\n";

    @TempDir
    Path dir;

    @Test
    void anIntervalJoinPrintsThePairsOfTheScenarioWithTheSameRecords() throws IOException {
        assertSameAsScenario(INTERVAL, 300);
    }

    @Test
    void aWindowJoinPrintsThePairsOfTheScenarioWithTheSameRecords() throws IOException {
        assertSameAsScenario(WINDOW, 300);
    }

    /**
     * Every file is in timestamp order and each input's watermark follows its own records, so no record is late however
     * the files interleave: the pairs do not depend on timing.
     */
    private void assertSameAsScenario(final String jobText, final int records) throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), jobText);
        final List<List<String>> files = List.of(records(records, 0, 3), records(records, 1, 3), records(records, 2, 3));
        final Path left0 = write("left-0.csv", files.get(0));
        final Path left1 = write("left-1.csv", files.get(1));
        final Path right = write("right.csv", files.get(2));
        final CommandRun run = CommandRun.of("run", "--job", job.toString(), "--left", left0.toString(), left1.toString(), "--right",
                right.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
        assertTrue(run.err().startsWith("weir run: " + 3 * records + " records read, 0 late dropped, 0 late to side output, "), run::describe);

        final StringBuilder elements = new StringBuilder("at,input,channel,kind,key,ts,value\n");
        final String[][] channels = {{"left", "0"}, {"left", "1"}, {"right", "0"}};
        for (int file = 0; file < 3; file++) {
            for (final String record : files.get(file)) {
                final String[] fields = record.split(",");
                elements.append("0,").append(channels[file][0]).append(',').append(channels[file][1]).append(",R,").append(fields[0])
                        .append(',').append(fields[1]).append(',').append(fields[2]).append('\n');
            }
        }
        elements.append("1,left,0,E,,,\n1,left,1,E,,,\n1,right,0,E,,,\n");
        final Path elementFile = Files.writeString(dir.resolve("elements.csv"), elements);
        final List<String> scenario = new ArrayList<>();
        ScenarioRunner.run(JobFileParser.parse(job), elementFile, scenario::add);
        final List<String> expected = withoutWatermarks(scenario);
        assertTrue(expected.size() > records, "pairs: " + expected.size());
        assertEquals(expected, withoutWatermarks(run.outLines()));
    }

    @Test
    void docsRunShowsTheTwoInputExamplesRealOutput() throws IOException {
        final Path root = Path.of(System.getProperty("weir.repo.root", "..")).toAbsolutePath().normalize();
        final String command = "./weir run --job examples/two-input-join/job.yaml --left examples/two-input-join/trades.csv"
                + " --right examples/two-input-join/quotes.csv";
        final List<String> doc = Files.readAllLines(root.resolve("docs/run.md"));
        final int at = doc.indexOf(command);
        assertTrue(at > 0, "docs/run.md shows the two-input example's command");
        final int start = doc.subList(at, doc.size()).indexOf("```") + at + 3;
        assertEquals("```", doc.get(start - 1));
        final int end = doc.subList(start, doc.size()).indexOf("```") + start;
        final Path example = root.resolve("examples/two-input-join");
        final CommandRun run = CommandRun.of("run", "--job", example.resolve("job.yaml").toString(), "--left",
                example.resolve("trades.csv").toString(), "--right", example.resolve("quotes.csv").toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run::describe);
        // each pair's line is printed when its second record arrives, which depends on how the two files' reads interleave
        assertEquals(doc.subList(start, end).stream().sorted().collect(Collectors.toList()),
                run.outLines().stream().sorted().collect(Collectors.toList()));
    }

    @Test
    void aRunKilledAfterItsMarksAndRestoredPrintsEveryPairExactlyOnce() throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), INTERVAL);
        final Path left0 = write("left-0.csv", records(1_500, 0, 3));
        final Path left1 = write("left-1.csv", records(1_500, 1, 3));
        final Path right = write("right.csv", records(1_500, 2, 3));
        final String[] files = {"--job", job.toString(), "--left", left0.toString(), left1.toString(), "--right", right.toString()};
        final CommandRun uninterrupted = CommandRun.of(join(new String[] {"run", "--state", "heap"}, files));
        assertEquals(ExitCodes.OK, uninterrupted.exitCode(), uninterrupted::describe);
        final List<String> expected = withoutWatermarks(uninterrupted.outLines());
        assertTrue(expected.size() > 1_500, "pairs: " + expected.size());

        for (final int marks : new int[] {1, 3}) {
            final Path checkpoints = dir.resolve("checkpoints-" + marks);
            final Path killedOutput = dir.resolve("killed-" + marks + ".txt");
            final ChildWeir killed = ChildWeir.start(dir, "killed-" + marks, join(new String[] {"run", "--state", "heap", "--output",
                killedOutput.toString(), "--checkpoint-dir", checkpoints.toString(), "--checkpoint-interval", "50ms", "--max-rate", "500"},
                    files));
            killed.awaitMarks(killedOutput, marks, checkpoints);
            killed.process().destroyForcibly();
            assertTrue(killed.process().waitFor(30, TimeUnit.SECONDS), "the killed run is gone");

            final Path restoredOutput = dir.resolve("restored-" + marks + ".txt");
            final ChildWeir restored = ChildWeir.start(dir, "restored-" + marks, join(new String[] {"run", "--state", "heap", "--output",
                restoredOutput.toString(), "--restore", checkpoints.toString()}, files));
            assertTrue(restored.process().waitFor(60, TimeUnit.SECONDS), "the restored run ends");
            assertEquals(0, restored.process().exitValue(), () -> "restored run failed: " + restored.stderrText());

            final List<String> killedLines = Files.readAllLines(killedOutput);
            final int mark = killedLines.indexOf(RecordFileJob.CHECKPOINT_MARK + restored.resumedCheckpointId());
            final List<String> both = new ArrayList<>(mark < 0 ? killedLines : killedLines.subList(0, mark));
            both.addAll(Files.readAllLines(restoredOutput));
            assertEquals(expected, withoutWatermarks(both), "killed after mark " + marks + ": kept output plus restored output");
        }
    }

    @Test
    void aOneInputJobGivenLeftFilesIsOneClearError() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), "watermarks: { strategy: monotonous }\nwindow: { type: tumbling, size: 10 }\n");
        final Path records = write("records.csv", records(3, 0, 1));
        final CommandRun run = CommandRun.of("run", "--job", job.toString(), "--left", records.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals("weir: --left: " + job + " is a one-input job (no 'inputs' section): give its record files as arguments, without"
                + " --left and --right", run.err().lines().findFirst().orElse(""), run::describe);
    }

    @Test
    void aTwoInputJobGivenPlainFilesIsOneClearError() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), INTERVAL);
        final Path records = write("records.csv", records(3, 0, 1));
        final CommandRun run = CommandRun.of("run", job.toString(), records.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals("weir: " + job + " is a two-input job: give the record files of each input with --left FILE... and --right FILE...,"
                + " not as arguments (" + records + ")", run.err().lines().findFirst().orElse(""), run::describe);
        final CommandRun onlyLeft = CommandRun.of("run", "--job", job.toString(), "--left", records.toString());
        assertEquals(ExitCodes.BAD_INPUT, onlyLeft.exitCode(), onlyLeft::describe);
        assertEquals("weir: " + job + " is a two-input job: give the record files of each input with --left FILE... and --right FILE...",
                onlyLeft.err().lines().findFirst().orElse(""), onlyLeft::describe);
    }

    @Test
    void aTwoInputJobWithoutAJoinIsRefusedNamingItsInputsLine() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"), INPUTS);
        final Path records = write("records.csv", records(3, 0, 1));
        final CommandRun run = CommandRun.of("run", "--job", job.toString(), "--left", records.toString(), "--right", records.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals("weir: " + job + ":1: field 'join': is required by 'weir run' for a two-input job (it prints the joined pairs;"
                + " 'weir scenario' runs a two-input job without a join)", run.err().lines().findFirst().orElse(""), run::describe);
    }

    private static String[] join(final String[] first, final String[] second) {
        final String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    private Path write(final String name, final List<String> records) throws IOException {
        return Files.writeString(dir.resolve(name), "key,ts,value\n" + String.join("\n", records) + "\n", StandardCharsets.UTF_8);
    }

    /** Records {@code part}, {@code part + parts}, ... of a run over 7 keys, in timestamp order, 10 ms apart. */
    private static List<String> records(final int count, final int part, final int parts) {
        final List<String> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            final int n = i * parts + part;
            records.add("k" + n % 7 + "," + n * 10L / parts + "," + n % 97);
        }
        return records;
    }

    /** JOIN and LATE lines without their wm=, sorted; marks and the closing line are left out. */
    private static List<String> withoutWatermarks(final List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("JOIN ") || line.startsWith("LATE "))
                .map(line -> WATERMARK.matcher(line).replaceFirst("")).sorted().collect(Collectors.toList());
    }
}
