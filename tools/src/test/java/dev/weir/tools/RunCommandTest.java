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
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir run}: a job's window over record files on the threaded scheduler gives the same
 * FIRE and LATE lines as {@code weir scenario} on the deterministic scheduler over the same records (watermarks
 * after every record make the result independent of timing), and bad input names file, line
 * and field with exit code 2.
 */
class RunCommandTest {
    private static final String JOB = "watermarks:\n"
            + "  strategy: bounded-out-of-orderness\n"
            + "  maxOutOfOrderness: 30\n"
            + "  interval: 0\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 100\n"
            + "  allowedLateness: 20\n"
            + "  sideOutputLateData: true\n"
            + "parallelism: 3\n";

    @TempDir
    Path dir;

    @Test
    void printsWhatTheDeterministicSchedulerPrintsForTheSameRecords() throws IOException {
        final Random random = new Random(7);
        final List<String> records = new ArrayList<>();
        final List<String> elements = new ArrayList<>();
        elements.add("at,channel,kind,key,ts,value");
        for (int i = 0; i < 3_000; i++) {
            final String key = "k" + random.nextInt(12);
            final long timestamp = i * 3L + random.nextInt(80) - 40;
            final int value = random.nextInt(100);
            records.add(key + "," + timestamp + "," + value);
            elements.add("0,0,R," + key + "," + timestamp + "," + value);
        }
        elements.add("0,0,E,,,");
        final Path job = write("job.yaml", JOB);
        final Path recordFile = write("records.csv", "key,ts,value\n" + String.join("\n", records) + "\n");
        final Path elementFile = write("elements.csv", String.join("\n", elements) + "\n");

        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString());
        final CommandRun scenario = CommandRun.of("scenario", job.toString(), elementFile.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(0, scenario.exitCode(), scenario.err());
        final List<String> expected = sortedResultLines(scenario.out());
        assertTrue(expected.stream().anyMatch(line -> line.startsWith("LATE ")), "the records include late ones");
        assertTrue(expected.size() > 300, "windows fired: " + expected.size());
        assertEquals(expected, sortedResultLines(run.out()));
    }

    @Test
    void writesToAnOutputFileLineByLine() throws IOException {
        final Path job = write("job.yaml", JOB);
        final Path recordFile = write("records.csv", "k,1,5\nk,2,6\nk,150,1\n");
        final Path output = dir.resolve("out.txt");

        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString(), "--output", output.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals(List.of("FIRE key=k window=[0,100) count=2 sum=11 elements=[1,2] wm=119",
                        "FIRE key=k window=[100,200) count=1 sum=1 elements=[150] wm=MAX", "# lateDropped=0"),
                Files.readAllLines(output));
    }

    @Test
    void aBadFieldIsNamedWithFileAndLineAndExitsTwo() throws IOException {
        final Path job = write("job.yaml", JOB);
        final Path recordFile = write("records.csv", "key,ts,value\nk,1,5\nk,two,6\n");

        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString());

        assertEquals(2, run.exitCode());
        assertEquals("weir: " + recordFile + ":3: field 'ts': not an integer: 'two'\n", run.err());
    }

    @Test
    void aTimestampTheJobCannotTakeIsNamedWithFileAndLineAndExitsTwo() throws IOException {
        final String endOfTime = " window: windows end at Long.MAX_VALUE at the latest, exclusive (the last usable timestamp is"
                + " 9223372036854775806)\n";
        final String session = JOB.replace("  type: tumbling\n  size: 100\n", "  type: session\n  gap: 9223372036854775807\n");
        final String global = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: global\n";
        final String[][] cases = {
            {JOB, "-9223372036854775808", "-9223372036854775808 (Long.MIN_VALUE) means 'no timestamp'; a record needs an event time"
                    + " from -9223372036854775807 on\n"},
            {global, "-9223372036854775808", "-9223372036854775808 (Long.MIN_VALUE) means 'no timestamp'; a record needs an event time"
                    + " from -9223372036854775807 on\n"},
            {JOB, "9223372036854775807", "9223372036854775807 (Long.MAX_VALUE) fits no tumbling" + endOfTime},
            {session, "9223372036854775807", "9223372036854775807 (Long.MAX_VALUE) fits no session" + endOfTime},
        };
        for (final String[] bad : cases) {
            final Path job = write("job.yaml", bad[0]);
            final Path recordFile = write("records.csv", "key,ts,value\nk,1,5\nk," + bad[1] + ",6\n");
            final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString());
            assertEquals(2, run.exitCode(), run::describe);
            assertEquals("weir: " + recordFile + ":3: field 'ts': " + bad[2], run.err());
        }
    }

    @Test
    void aHeaderIsSkippedWhereverItStandsSoJoinedFilesReadAsOne() throws IOException {
        final Path job = write("job.yaml", JOB.replace("parallelism: 3", "parallelism: 1"));
        final Path joined = write("joined.csv", "key,ts,value\nk,10,1\n\"key\", ts ,value\nk,20,2\nkey,ts,value\nk,300,3\n");

        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), joined.toString());

        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("FIRE key=k window=[0,100) count=2 sum=3 elements=[10,20] wm=269",
                "FIRE key=k window=[300,400) count=1 sum=3 elements=[300] wm=MAX", "# lateDropped=0"), run.outLines());
    }

    @Test
    void aMissingRecordFileIsNamed() throws IOException {
        final Path job = write("job.yaml", JOB);

        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), dir.resolve("nope.csv").toString());

        assertEquals(2, run.exitCode());
        assertEquals("weir: " + dir.resolve("nope.csv") + ": no such record file\n", run.err());
        assertFalse(run.err().contains("Exception"));
    }

    @Test
    void aRestoreDirectoryWithoutACompleteCheckpointIsBadInput() throws IOException {
        final Path job = write("job.yaml", JOB);
        final Path recordFile = write("records.csv", "k,1,5\n");
        final Path empty = Files.createDirectories(dir.resolve("checkpoints"));
        Files.createDirectories(empty.resolve("chk-3")); // no MANIFEST: incomplete, ignored

        final CommandRun run = CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString(), "--restore", empty.toString());

        assertEquals(2, run.exitCode());
        assertEquals("weir: " + empty + ": checkpoint directory " + empty + " holds no complete checkpoint"
                + " (a complete one is a chk-<id> directory with a MANIFEST)\n", run.err());
    }

    @Test
    void chronicleOnlyOptionsWithTheHeapBackendAndBadDurationsAreUsageErrors() throws IOException {
        final Path job = write("job.yaml", JOB);
        final Path recordFile = write("records.csv", "k,1,5\n");

        final CommandRun heapWithDir = CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString(), "--state", "heap",
                "--state-dir", dir.resolve("state").toString());
        final CommandRun badInterval = CommandRun.of("run", "--format", "fire", job.toString(), recordFile.toString(), "--checkpoint-dir",
                dir.resolve("ck").toString(), "--checkpoint-interval", "5x");

        assertEquals(2, heapWithDir.exitCode());
        assertTrue(heapWithDir.err().startsWith("weir: --state-dir needs --state chronicle\n"), heapWithDir.err());
        assertEquals(2, badInterval.exitCode());
        assertTrue(badInterval.err().startsWith("weir: Invalid value for option '--checkpoint-interval': '5x' is not a duration"),
                badInterval.err());
    }

    private static List<String> sortedResultLines(final String out) {
        return out.lines().filter(line -> line.startsWith("FIRE ") || line.startsWith("LATE "))
                .sorted().collect(Collectors.toList());
    }

    private Path write(final String name, final String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
