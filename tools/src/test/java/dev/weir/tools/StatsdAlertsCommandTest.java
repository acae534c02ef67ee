package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir replay --pipeline statsd-alerts --thresholds FILE}: the rows of the windows over their threshold, and a
 * threshold file or option that is wrong as one message and exit code 2.
 */
class StatsdAlertsCommandTest {
    private static final String HEADER = "host,metric,p99_threshold\n";

    @TempDir
    Path dir;

    private static String capture() {
        final String root = System.getProperty("weir.repo.root");
        if (root == null || root.isBlank()) {
            fail("system property weir.repo.root is not set: run the tests through Maven");
        }
        return Paths.get(root).toAbsolutePath().normalize().resolve("pipelines/src/test/resources/replay/statsd-small.pcap").toString();
    }

    @Test
    void theWindowsOverTheirThresholdAreTheRows() throws Exception {
        final Path thresholds = Files.writeString(dir.resolve("t.csv"), HEADER + "127.0.0.2,api.latency,150\n127.0.0.4,db.latency,200\n");
        final CommandRun run = CommandRun.of("replay", "--pipeline", "statsd-alerts", "--thresholds", thresholds.toString(), capture());
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.outLines();
        assertEquals("host,metric,window_start,p99,p99_threshold", lines.get(0), run::describe);
        final List<String> rows = new ArrayList<>(lines.subList(1, lines.size()));
        Collections.sort(rows);
        assertEquals(List.of("127.0.0.2,api.latency,1796056880000,173.68,150", "127.0.0.2,api.latency,1796056900000,280.57,150",
                "127.0.0.2,api.latency,1796056950000,170.32,150", "127.0.0.4,db.latency,1796056880000,342.88,200",
                "127.0.0.4,db.latency,1796056900000,240.96,200"), rows, run::describe);
    }

    @Test
    void aWrongThresholdFileOrOptionIsOneMessageAndExitCodeTwo() throws Exception {
        final Path bad = Files.writeString(dir.resolve("bad.csv"), HEADER + "127.0.0.2,api.latency,fast\n");
        assertFails("weir: " + bad + ":2: field 'p99_threshold': 'fast' is not a number\n",
                "replay", "--pipeline", "statsd-alerts", "--thresholds", bad.toString(), capture());
        assertFails("weir: --pipeline statsd-alerts needs --thresholds FILE (host,metric,p99_threshold)\ntry 'weir replay --help'\n",
                "replay", "--pipeline", "statsd-alerts", capture());
        assertFails("weir: --thresholds goes with --pipeline statsd-alerts\ntry 'weir replay --help'\n",
                "replay", "--pipeline", "statsd-percentiles", "--thresholds", bad.toString(), capture());
    }

    private static void assertFails(final String err, final String... args) {
        final CommandRun run = CommandRun.of(args);
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals("", run.out(), run::describe);
        assertEquals(err, run.err(), run::describe);
    }
}
