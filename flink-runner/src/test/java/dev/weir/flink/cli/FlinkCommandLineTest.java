package dev.weir.flink.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.scenario.PerKeyLines;
import dev.weir.flink.window.FlinkTriggers;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weir scenario --engine flink} and {@code weir run --engine flink} through the command
 * line, in process: the same lines as {@code --engine weir} per key, locally, on a cluster
 * ({@code --flink-address}, the shared MiniCluster's REST endpoint) and with Flink's
 * checkpointing; refusals, bad input and options Flink cannot honour are one message and exit 2.
 */
class FlinkCommandLineTest {
    private static final Path SCENARIOS = Path.of("src/test/resources/scenarios");
    /** Bounded watermarks after every record, a lateness of 500 ms, late records printed. */
    private static final String RUN_JOB = "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 200\n  interval: 0\n"
            + "window:\n  type: tumbling\n  size: 1000\n  allowedLateness: 500\n  sideOutputLateData: true\n";
    /**
     * Two files read by one source instance, each with its own watermarks (the instance's is their minimum): the second
     * file's c at 900 comes after its window fired, within the lateness (a late firing), c at 150 after the lateness (a LATE line).
     */
    private static final String FILE_ONE = "key,ts,value\na,100,1\nb,300,2\na,1500,3\nb,1900,4\na,900,5\nb,2800,6\nb,100,7\na,3300,8\n";
    private static final String FILE_TWO = "c,200,9\nc,1250,10\nc,900,11\nc,2600,12\nc,150,13\nc,2700,14\n";
    /** What {@code weir run} prints for them. */
    private static final List<String> RUN_LINES = List.of(
            "FIRE key=a window=[0,1000) count=2 sum=6 elements=[100,900] wm=1049",
            "FIRE key=b window=[0,1000) count=2 sum=9 elements=[300,100] wm=1049",
            "FIRE key=c window=[0,1000) count=1 sum=9 elements=[200] wm=1049",
            "FIRE key=c window=[0,1000) count=2 sum=20 elements=[200,900] wm=1049",
            "FIRE key=a window=[1000,2000) count=1 sum=3 elements=[1500] wm=2399",
            "FIRE key=b window=[1000,2000) count=1 sum=4 elements=[1900] wm=2399",
            "FIRE key=c window=[1000,2000) count=1 sum=10 elements=[1250] wm=2399",
            "LATE key=c ts=150 value=13",
            "FIRE key=b window=[2000,3000) count=1 sum=6 elements=[2800] wm=MAX",
            "FIRE key=c window=[2000,3000) count=2 sum=26 elements=[2600,2700] wm=MAX",
            "FIRE key=a window=[3000,4000) count=1 sum=8 elements=[3300] wm=MAX",
            "# lateDropped=0");

    private static URI rest;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        rest = SharedMiniCluster.rest();
    }

    @Test
    void scenariosOnFlinkPrintWeirsLinesPerKey() throws Exception {
        for (final String scenario : List.of("tumbling-lateness-side-output", "lateness-dropped-interval-zero", "session-merge-lateness",
                "count-trigger-tumbling", "no-watermarks-until-end",
                // periodic watermarks on the scenario's processing time; two channels with idleness; the window at parallelism 2
                "seed-late", "two-channels-idleness", "parallelism-two")) {
            final String job = SCENARIOS.resolve(scenario).resolve("job.yaml").toString();
            final String elements = SCENARIOS.resolve(scenario).resolve("elements.csv").toString();
            final WeirCli flink = WeirCli.of("scenario", "--engine", "flink", job, elements);
            final WeirCli weir = WeirCli.of("scenario", "--engine", "weir", job, elements);
            assertEquals(0, flink.exitCode(), flink::describe);
            assertEquals("", flink.err(), flink::describe);
            assertEquals(0, weir.exitCode(), weir::describe);
            final boolean session = scenario.startsWith("session");
            final List<String> expected = Files.readAllLines(SCENARIOS.resolve(scenario).resolve("expected.txt"));
            assertEquals(PerKeyLines.of(expected, session), PerKeyLines.of(flink.lines(), session), scenario);
            assertEquals(PerKeyLines.of(weir.lines(), session), PerKeyLines.of(flink.lines(), session), scenario);
            assertEquals(expected.get(expected.size() - 1), flink.lines().get(flink.lines().size() - 1), scenario);
        }
    }

    @Test
    void aSessionScenarioOnFlinkPrintsExactlyTheseLines() {
        final WeirCli flink = WeirCli.of("scenario", "--engine=flink", SCENARIOS.resolve("session-merge-lateness/job.yaml").toString(),
                SCENARIOS.resolve("session-merge-lateness/elements.csv").toString());
        assertEquals(0, flink.exitCode(), flink::describe);
        assertEquals(List.of(
                "FIRE key=k window=[1000,2000) count=1 sum=1 elements=[1000] wm=2499",
                "FIRE key=m window=[1200,2200) count=1 sum=3 elements=[1200] wm=2499",
                "FIRE key=k window=[2500,3500) count=1 sum=2 elements=[2500] wm=3999",
                "FIRE key=k window=[1800,3500) count=2 sum=7 elements=[2500,1800] wm=3999",
                "FIRE key=k window=[4000,5000) count=1 sum=4 elements=[4000] wm=5199",
                "FIRE key=m window=[5200,6200) count=1 sum=6 elements=[5200] wm=7499",
                "LATE key=m ts=800 value=8",
                "LATE key=k ts=1100 value=9",
                "FIRE key=k window=[7500,8500) count=1 sum=7 elements=[7500] wm=MAX",
                "# lateDropped=0"), flink.lines());
    }

    @Test
    void aRefusedJobOrABadRowOnFlinkIsOneMessageAndExitCodeTwo(@TempDir final Path dir) throws Exception {
        final Path periodic = Files.writeString(dir.resolve("job.yaml"), RUN_JOB + "  trigger: processing-time\n");
        final Path elements = Files.writeString(dir.resolve("elements.csv"), "at,channel,kind,key,ts,value\n0,0,R,k,1000,1\n0,0,R,k,1500,2\n0,0,W,,2000,\n0,0,R,k,abc,3\n");
        final WeirCli refused = WeirCli.of("scenario", "--engine", "flink", periodic.toString(), elements.toString());
        assertEquals(2, refused.exitCode(), refused::describe);
        assertEquals("", refused.out(), refused::describe);
        assertEquals("weir: " + periodic + ": field 'window.trigger': " + FlinkTriggers.PROCESSING_TIME + "\n", refused.err());

        final Path job = Files.writeString(dir.resolve("zero.yaml"), RUN_JOB);
        final WeirCli bad = WeirCli.of("scenario", "--engine", "flink", job.toString(), elements.toString());
        assertEquals(2, bad.exitCode(), bad::describe);
        // the rows before the bad one ran: their window fired at the W row
        assertEquals("FIRE key=k window=[1000,2000) count=2 sum=3 elements=[1000,1500] wm=2000\n", bad.out(), bad::describe);
        assertEquals("weir: " + elements + ":5: field 'ts': 'abc' is not a 64-bit integer\n", bad.err(), bad::describe);
    }

    @Test
    void anElementFileWithoutRowsAndALineOverTheLimitPrintWhatWeirPrints(@TempDir final Path dir) throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), RUN_JOB);
        final Path empty = Files.writeString(dir.resolve("empty.csv"), "at,channel,kind,key,ts,value\n");
        final Path longLine = Files.writeString(dir.resolve("long.csv"), "at,channel,kind,key,ts,value\n0,0,R,k,1000,1\n"
                + "0,0,R,a-key-longer-than-forty-bytes-in-all,1000,1\n");
        final List<String[]> cases = List.of(new String[] {job.toString(), empty.toString()},
                new String[] {"--max-line-bytes", "40", job.toString(), longLine.toString()});
        for (final String[] args : cases) {
            final WeirCli weir = WeirCli.of(Stream.concat(Stream.of("scenario", "--state", "heap"), Stream.of(args)).toArray(String[]::new));
            final WeirCli flink = WeirCli.of(Stream.concat(Stream.of("scenario", "--engine", "flink"), Stream.of(args)).toArray(String[]::new));
            assertEquals(weir.exitCode(), flink.exitCode(), flink::describe);
            assertEquals(weir.err(), flink.err(), flink::describe);
            assertEquals(weir.out(), flink.out(), flink::describe);
        }
        assertEquals("# lateDropped=0\n", WeirCli.of("scenario", "--engine", "flink", job.toString(), empty.toString()).out());
        assertEquals("weir: " + longLine + ":3: longer than the limit of 40 bytes\n",
                WeirCli.of("scenario", "--engine", "flink", "--max-line-bytes", "40", job.toString(), longLine.toString()).err());
    }

    @Test
    void recordFilesOnFlinkGiveWeirsLinesPerKeyLocallyAndAtParallelismTwo(@TempDir final Path dir) throws Exception {
        final String[] files = files(dir);
        final WeirCli weir = WeirCli.of("run", "--format", "fire", files[0], files[1], files[2]);
        assertEquals(0, weir.exitCode(), weir::describe);
        assertEquals(RUN_LINES, weir.lines(), weir::describe);
        for (final String[] engine : new String[][] {{"--engine", "flink"}, {"--engine=flink", "--parallelism", "2"}}) {
            final String[] args = Stream.concat(Stream.of("run", "--format", "fire"), Stream.concat(Stream.of(engine), Stream.of(files))).toArray(String[]::new);
            final WeirCli flink = WeirCli.of(args);
            assertEquals(0, flink.exitCode(), flink::describe);
            assertEquals(PerKeyLines.of(RUN_LINES, false), PerKeyLines.of(flink.lines(), false), flink::describe);
            assertEquals("# lateDropped=0", flink.lines().get(flink.lines().size() - 1));
            assertTrue(flink.err().matches("weir run: engine flink, 0 late dropped, 1 late to side output, 10 windows fired, [0-9]+\\.[0-9]{2} s\n"),
                    flink::describe);
        }
    }

    @Test
    void idlenessOfASplitIsFlinksIdlenessAndNeverFiresWithinTheRun(@TempDir final Path dir) throws Exception {
        final String[] files = files(dir);
        final Path idle = Files.writeString(dir.resolve("idle.yaml"), RUN_JOB.replace("  interval: 0\n", "  interval: 0\n  idleness: 3600000\n"));
        final WeirCli weir = WeirCli.of("run", "--format", "fire", idle.toString(), files[1], files[2]);
        assertEquals(0, weir.exitCode(), weir::describe);
        assertEquals(RUN_LINES, weir.lines(), weir::describe);
        final WeirCli flink = WeirCli.of("run", "--format", "fire", "--engine", "flink", idle.toString(), files[1], files[2]);
        assertEquals(0, flink.exitCode(), flink::describe);
        assertEquals(PerKeyLines.of(RUN_LINES, false), PerKeyLines.of(flink.lines(), false), flink::describe);
    }

    @Test
    void aRunOnAClusterAndACheckpointedRunGiveTheSameLines(@TempDir final Path dir) throws Exception {
        final String[] files = files(dir);
        final WeirCli remote = WeirCli.of("run", "--format", "fire", "--engine", "flink", "--flink-address", rest.getHost() + ":" + rest.getPort(),
                "--parallelism", "2", files[0], files[1], files[2]);
        assertEquals(0, remote.exitCode(), remote::describe);
        assertEquals(PerKeyLines.of(RUN_LINES, false), PerKeyLines.of(remote.lines(), false), remote::describe);

        final Path checkpoints = dir.resolve("checkpoints");
        final WeirCli checkpointed = WeirCli.of("run", "--format", "fire", "--engine", "flink", "--flink-address", rest.getHost() + ":" + rest.getPort(),
                "--checkpoint-dir", checkpoints.toString(), "--checkpoint-interval", "100ms", files[0], files[1], files[2]);
        assertEquals(0, checkpointed.exitCode(), checkpointed::describe);
        assertEquals(PerKeyLines.of(RUN_LINES, false), PerKeyLines.of(checkpointed.lines(), false), checkpointed::describe);
        try (Stream<Path> jobs = Files.list(checkpoints)) {
            final List<Path> dirs = jobs.toList();
            assertEquals(1, dirs.size(), dirs.toString());
            assertTrue(dirs.get(0).getFileName().toString().matches("[0-9a-f]{32}"), dirs.toString());
        }
    }

    @Test
    void aBadRecordOnFlinkNamesItsFileLineAndField(@TempDir final Path dir) throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), RUN_JOB);
        final Path records = Files.writeString(dir.resolve("r.csv"), "a,100,1\na,200,2\na,two,3\n");
        final WeirCli bad = WeirCli.of("run", "--format", "fire", "--engine", "flink", job.toString(), records.toString());
        assertEquals(2, bad.exitCode(), bad::describe);
        assertEquals("weir: " + records + ":3: field 'ts': not an integer: 'two'\n", bad.err(), bad::describe);
    }

    @Test
    void aClusterThatCannotBeReachedIsAFailedRunNamingTheAddress(@TempDir final Path dir) throws Exception {
        final String[] files = files(dir);
        final int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        final WeirCli run = WeirCli.of("run", "--format", "fire", "--engine", "flink", "--flink-address", "localhost:" + closed, files[0], files[1]);
        assertEquals(1, run.exitCode(), run::describe);
        assertEquals("", run.out(), run::describe);
        assertEquals("weir: error: cannot submit the job to the Flink cluster at localhost:" + closed + ": Connection refused\n"
                + "(run with --debug for the stack trace)\n", run.err(), run::describe);
    }

    @Test
    void aMissingJobJarForAClusterIsOneMessageAndExitCodeTwo(@TempDir final Path dir) throws Exception {
        final String[] files = files(dir);
        final String missing = dir.resolve("weir-flink-job.jar").toString();
        System.setProperty(FlinkEngine.JOB_JAR, missing);
        try {
            final WeirCli run = WeirCli.of("run", "--format", "fire", "--engine", "flink", "--flink-address", rest.getHost() + ":" + rest.getPort(), files[0],
                    files[1]);
            assertEquals(2, run.exitCode(), run::describe);
            assertEquals("weir: " + missing + ": no such job jar (system property weir.flink.jobJar); build it with 'mvn -B -q"
                    + " -DskipTests package -pl flink-runner -am', which the ./weir launcher runs with --engine flink\n", run.err(), run::describe);
        } finally {
            System.clearProperty(FlinkEngine.JOB_JAR);
        }
    }

    @Test
    void optionsFlinkCannotHonourAreUsageErrorsNamingTheOption(@TempDir final Path dir) throws Exception {
        final String[] files = files(dir);
        final String[][] cases = {
            {"--state is not honoured with --engine flink: window state lives in Flink's state backend", "--state", "heap"},
            {"--state-dir is not honoured with --engine flink: window state lives in Flink's state backend", "--state-dir", dir.toString()},
            {"--restore is not honoured with --engine flink: Flink cannot read Weir checkpoints", "--restore", dir.toString()},
            {"--fresh is not honoured with --engine flink: Flink keeps each job's checkpoints in a directory of its own under"
                    + " --checkpoint-dir", "--checkpoint-dir", dir.toString(), "--fresh"},
            {"--max-rate is not honoured with --engine flink: the Flink job reads as fast as it can", "--max-rate", "10"},
            {"--no-progress is not honoured with --engine flink: Flink's job has no progress line", "--no-progress"},
            {"--progress is not honoured with --engine flink: Flink's job has no progress line", "--progress"},
            {"--parallelism must be positive, got 0", "--parallelism", "0"},
            {"--flink-address must be HOST:PORT, got 'localhost'", "--flink-address", "localhost"},
        };
        for (final String[] c : cases) {
            final String[] args = Stream.concat(Stream.of("run", "--engine", "flink"), Stream.concat(Stream.of(c).skip(1), Stream.of(files)))
                    .toArray(String[]::new);
            final WeirCli run = WeirCli.of(args);
            assertEquals(2, run.exitCode(), run::describe);
            assertEquals("", run.out(), run::describe);
            assertEquals("weir: " + c[0] + "\ntry 'weir run --help'\n", run.err(), run::describe);
        }
        final WeirCli scenario = WeirCli.of("scenario", "--engine", "flink", "--runtime", "threaded", files[0], files[1]);
        assertEquals(2, scenario.exitCode(), scenario::describe);
        assertEquals("weir: --runtime is not honoured with --engine flink: the scenario runs on a local Flink MiniCluster\n"
                + "try 'weir scenario --help'\n", scenario.err(), scenario::describe);
    }

    @Test
    void aReplayOnFlinkPrintsWeirsRowsAndRefusesWhatFlinkCannotHonour() throws Exception {
        final String capture = Path.of(FlinkCommandLineTest.class.getResource("/replay/statsd-small.pcap").toURI()).toString();
        final WeirCli weir = WeirCli.of("replay", "--pipeline", "silent-hosts", capture);
        final WeirCli flink = WeirCli.of("replay", "--engine", "flink", "--pipeline", "silent-hosts", capture);
        assertEquals(0, flink.exitCode(), flink::describe);
        assertEquals("event,host,last_seen,at\nsilent,127.0.0.2,1796056903512,1796056933512\nresumed,127.0.0.2,1796056903512,1796056944938\n",
                weir.out(), weir::describe);
        assertEquals(weir.out(), flink.out(), flink::describe);
        assertTrue(flink.err().endsWith("weir replay: silent-hosts on flink: 2 rows, 0 late records\n"), flink::describe);
        final String[][] cases = {
            {"--pace is not honoured with --engine flink: the Flink job reads the captures as fast as it can", "--pace", "x2"},
            {"--port is not honoured with --engine flink: the Flink job replays every datagram of the captures, and a fault in one fails it",
                "--port", "8125"},
            {"--skip-bad is not honoured with --engine flink: the Flink job replays every datagram of the captures, and a fault in one"
                    + " fails it", "--skip-bad"},
        };
        for (final String[] c : cases) {
            final String[] args = Stream.concat(Stream.of("replay", "--engine", "flink", "--pipeline", "silent-hosts"),
                    Stream.concat(Stream.of(c).skip(1), Stream.of(capture))).toArray(String[]::new);
            final WeirCli run = WeirCli.of(args);
            assertEquals(2, run.exitCode(), run::describe);
            assertEquals("", run.out(), run::describe);
            assertEquals("weir: " + c[0] + "\ntry 'weir replay --help'\n", run.err(), run::describe);
        }
    }

    @Test
    void tcaAndStatsdAlertsReplayOnFlinkWithWeirsRows() throws Exception {
        final String itch = Path.of(FlinkCommandLineTest.class.getResource("/replay/itch-small.pcap").toURI()).toString();
        final WeirCli weirTca = WeirCli.of("replay", "--pipeline", "tca", itch);
        final WeirCli flinkTca = WeirCli.of("replay", "--engine", "flink", "--pipeline", "tca", itch);
        assertEquals(0, flinkTca.exitCode(), flinkTca::describe);
        assertEquals(626, weirTca.lines().size(), weirTca::describe);
        assertEquals(weirTca.out(), flinkTca.out(), flinkTca::describe);
        assertTrue(flinkTca.err().endsWith("weir replay: tca on flink: 625 rows, 0 late records\n"), flinkTca::describe);

        final String statsd = Path.of(FlinkCommandLineTest.class.getResource("/replay/statsd-small.pcap").toURI()).toString();
        final String thresholds = Path.of(FlinkCommandLineTest.class.getResource("/alerts/thresholds.csv").toURI()).toString();
        final WeirCli weirAlerts = WeirCli.of("replay", "--pipeline", "statsd-alerts", "--thresholds", thresholds, statsd);
        final WeirCli flinkAlerts = WeirCli.of("replay", "--engine", "flink", "--pipeline", "statsd-alerts", "--thresholds", thresholds,
                statsd);
        assertEquals(0, flinkAlerts.exitCode(), flinkAlerts::describe);
        assertEquals(16, weirAlerts.lines().size(), weirAlerts::describe);
        assertEquals("host,metric,window_start,p99,p99_threshold", flinkAlerts.lines().get(0), flinkAlerts::describe);
        assertEquals(sorted(weirAlerts.lines()), sorted(flinkAlerts.lines()), flinkAlerts::describe);
        assertTrue(flinkAlerts.err().endsWith("weir replay: statsd-alerts on flink: 15 rows, 0 late records\n"), flinkAlerts::describe);
    }

    private static List<String> sorted(final List<String> lines) {
        final List<String> copy = new ArrayList<>(lines);
        Collections.sort(copy);
        return copy;
    }

    /** @return the job file and the two record files */
    private static String[] files(final Path dir) throws Exception {
        return new String[] {Files.writeString(dir.resolve("job.yaml"), RUN_JOB).toString(),
            Files.writeString(dir.resolve("trades-1.csv"), FILE_ONE).toString(), Files.writeString(dir.resolve("trades-2.csv"), FILE_TWO).toString()};
    }
}
