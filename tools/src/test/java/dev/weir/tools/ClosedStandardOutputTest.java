package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standard output whose reader has gone ({@code weir ... | head -1} once {@code head} has its line) ends every
 * command quietly, as a Unix tool ended by {@code SIGPIPE} does: nothing on stderr, exit code 141. Each command
 * runs in a child JVM whose stdout is a pipe closed before the first write.
 */
class ClosedStandardOutputTest {
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 100\n";

    @TempDir
    Path dir;

    @Test
    void runEndsQuietlyAndEarly() throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB, StandardCharsets.UTF_8);
        // far more than a pipe holds: the run stops at its first write, it does not read on to the end
        final StringBuilder records = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            records.append("k").append(i % 13).append(',').append(i).append(',').append(i % 7).append('\n');
        }
        final Path input = Files.writeString(dir.resolve("r.csv"), records, StandardCharsets.UTF_8);
        assertQuiet("run", "run", "--state", "heap", job.toString(), input.toString());
    }

    @Test
    void scenarioEndsQuietly() throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB, StandardCharsets.UTF_8);
        final Path elements = Files.writeString(dir.resolve("elements.csv"), "at,channel,kind,key,ts,value\n0,0,R,k,1,1\n0,0,E,,,\n");
        assertQuiet("scenario", "scenario", "--state", "heap", job.toString(), elements.toString());
    }

    @Test
    void replayEndsQuietly() throws Exception {
        assertQuiet("replay", "replay", "--state", "heap", "--pipeline", "ohlcv", capture());
    }

    @Test
    void inspectEndsQuietly() throws Exception {
        assertQuiet("inspect", "inspect", capture());
    }

    private static String capture() {
        return Path.of(System.getProperty("weir.repo.root")).resolve("examples/replay/itch-sample.pcap").toString();
    }

    private void assertQuiet(final String name, final String... args) throws IOException, InterruptedException {
        final ChildWeir child = ChildWeir.startWithClosedStdout(dir, name, args);
        assertEquals(ExitCodes.OUTPUT_CLOSED, child.awaitExit(60), child::stderrText);
        assertEquals("", child.stderrText(), "nothing on stderr");
    }
}
