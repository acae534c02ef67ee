package dev.weir.flink.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FlinkScenarioMain} (what {@code flink-runner/run-scenario} runs): the lines on stdout, and
 * for bad or refused input one message naming file, line and field, exit code 2, no stack trace,
 * the lines of the rows before a bad row printed first.
 */
final class FlinkScenarioMainTest {
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 1000\n"
            + "  sideOutputLateData: true\n";
    private static final String HEADER = "at,channel,kind,key,ts,value\n";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args) {
        return FlinkScenarioMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Path file(final String name, final String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsTheScenarioLinesAndTheLateDroppedCount() throws IOException {
        final Path job = file("job.yaml", JOB);
        final Path elements = file("elements.csv", HEADER + "0,0,R,a,500,1\n1,0,R,b,1500,2\n2,0,R,a,400,3\n3,0,E,,,\n");
        assertEquals(0, run(job.toString(), elements.toString()), err());
        assertEquals("FIRE key=a window=[0,1000) count=1 sum=1 elements=[500] wm=1499\nLATE key=a ts=400 value=3\n"
                + "FIRE key=b window=[1000,2000) count=1 sum=2 elements=[1500] wm=MAX\n# lateDropped=0\n", out());
        assertEquals("", err());
    }

    @Test
    void aBadRowStopsTheRunAfterTheLinesOfTheRowsBeforeIt() throws IOException {
        final Path job = file("job.yaml", JOB);
        final Path elements = file("elements.csv", HEADER + "0,0,R,a,500,1\n1,0,R,b,1500,2\n2,0,R,c,abc,3\n3,0,E,,,\n");
        assertEquals(2, run(job.toString(), elements.toString()), err());
        // the channel has not ended when the bad row stops it: window [1000,2000) stays open, and no summary line
        assertEquals("FIRE key=a window=[0,1000) count=1 sum=1 elements=[500] wm=1499\n", out());
        assertEquals("weir: " + elements + ":4: field 'ts': 'abc' is not a 64-bit integer\n", err());
    }

    @Test
    void refusedAndBadInputsGetOneMessageAndExitCodeTwo() throws IOException {
        final Path job = file("job.yaml", JOB);
        final Path refusedJob = file("refused.yaml", JOB + "  trigger: processing-time\n");
        final Path badJob = file("bad.yaml", JOB.replace("size: 1000", "size: -1"));
        final Path statusRow = file("status.csv", HEADER + "0,0,I,,,\n");
        final Path noHeader = file("empty.csv", "");
        final String[][] cases = {
            {refusedJob.toString(), statusRow.toString(), "weir: " + refusedJob + ": field 'window.trigger': processing-time fires"},
            {badJob.toString(), statusRow.toString(), "weir: " + badJob + ":6: field 'window.size'"},
            {job.toString(), file("kind.csv", HEADER + "0,0,X,,,\n").toString(), "weir: " + dir.resolve("kind.csv") + ":2: field 'kind'"},
            {job.toString(), noHeader.toString(), "weir: " + noHeader + ": the element file is empty"},
            {job.toString(), dir.resolve("missing.csv").toString(), "weir: " + dir.resolve("missing.csv") + ": no such element file"},
        };
        for (final String[] input : cases) {
            out.reset();
            err.reset();
            assertEquals(2, run(input[0], input[1]), input[2]);
            assertEquals("", out());
            final String message = err();
            assertEquals(1, message.lines().count(), message);
            assertEquals(input[2], message.substring(0, Math.min(message.length(), input[2].length())), message);
            assertFalse(message.contains("Exception") || message.contains("\tat "), message);
        }
    }

    @Test
    void wrongArgumentsPrintTheUsage() {
        assertEquals(2, run("job.yaml"));
        assertEquals("usage: flink-runner/run-scenario JOB.yaml ELEMENTS.csv\n", err());
        assertEquals("", out());
    }
}
