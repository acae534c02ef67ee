package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * A clean run prints nothing but Weir's output: the command line, started with the flags
 * {@code ./weir} gives the JDK (asked of its {@code jvm-flags.sh}), runs {@code weir scenario}
 * and {@code weir run} on the Chronicle state with no JVM {@code WARNING}, no {@code SLF4J}
 * line and no Chronicle banner on stderr; on this JVM, and on Temurin 25 where it is installed.
 */
class QuietRunTest {
    private static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final List<String> JAVA_24_FLAGS =
            List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
    private static final Pattern SUMMARY = Pattern.compile("weir run: 7 records read, 0 late dropped, 1 late to side output, 6 windows fired,"
            + " 0 checkpoints, [0-9.]+ s, [0-9,]+ records/s");

    /** Watermark after every record, so the output does not depend on timing. */
    private static final String JOB = "channels: 1\n"
            + "watermarks:\n"
            + "  strategy: bounded-out-of-orderness\n"
            + "  maxOutOfOrderness: 1000\n"
            + "  interval: 0\n"
            + "window:\n"
            + "  type: tumbling\n"
            + "  size: 5000\n"
            + "  allowedLateness: 2000\n"
            + "  sideOutputLateData: true\n";
    private static final String RECORDS = "key,ts,value\n"
            + "AAPL,1000,10\nMSFT,1500,5\nAAPL,7000,3\nAAPL,2000,4\nMSFT,4000,1\nAAPL,12500,7\nMSFT,3000,2\n";
    private static final String RUN_OUTPUT = "FIRE key=AAPL window=[0,5000) count=1 sum=10 elements=[1000] wm=5999\n"
            + "FIRE key=MSFT window=[0,5000) count=1 sum=5 elements=[1500] wm=5999\n"
            + "FIRE key=AAPL window=[0,5000) count=2 sum=14 elements=[1000,2000] wm=5999\n"
            + "FIRE key=MSFT window=[0,5000) count=2 sum=6 elements=[1500,4000] wm=5999\n"
            + "FIRE key=AAPL window=[5000,10000) count=1 sum=3 elements=[7000] wm=11499\n"
            + "LATE key=MSFT ts=3000 value=2\n"
            + "FIRE key=AAPL window=[10000,15000) count=1 sum=7 elements=[12500] wm=MAX\n"
            + "# lateDropped=0\n";

    @TempDir
    Path dir;

    @Test
    void onThisJvmScenarioAndRunPrintOnlyWeirsOutput() throws Exception {
        final Path javaHome = Path.of(System.getProperty("java.home"));
        final List<String> flags = LauncherFlags.of(javaHome);
        assertEquals(Runtime.version().feature() >= 24, flags.containsAll(JAVA_24_FLAGS), flags.toString());
        assertQuiet(javaHome, flags);
    }

    @Test
    @EnabledIf("temurin25Installed")
    void onTemurin25WhereThatJdkIsInstalledScenarioAndRunPrintOnlyWeirsOutput() throws Exception {
        final List<String> flags = LauncherFlags.of(TEMURIN_25);
        assertTrue(flags.containsAll(JAVA_24_FLAGS), flags.toString());
        assertQuiet(TEMURIN_25, flags);
    }

    static boolean temurin25Installed() {
        return Files.isExecutable(TEMURIN_25.resolve("bin").resolve("java"));
    }

    private void assertQuiet(final Path javaHome, final List<String> flags) throws Exception {
        final Path root = LauncherFlags.repoRoot();
        final ChildWeir scenario = ChildWeir.start(dir, "scenario", javaHome, flags, "scenario", "--state", "chronicle",
                root.resolve("examples/late-trades/job.yaml").toString(),
                root.resolve("examples/late-trades/elements.csv").toString());
        assertEquals(0, scenario.awaitExit(120), read(scenario.stderr()));
        assertEquals("", read(scenario.stderr()));
        assertEquals(read(root.resolve("examples/late-trades/expected.txt")), read(scenario.stdout()));

        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = Files.writeString(dir.resolve("records.csv"), RECORDS);
        final ChildWeir run = ChildWeir.start(dir, "run", javaHome, flags, "run", "--format", "fire", "--state", "chronicle",
                job.toString(), records.toString());
        assertEquals(0, run.awaitExit(120), read(run.stderr()));
        // stderr is not a terminal: no progress line, only the closing summary
        final List<String> stderr = read(run.stderr()).lines().toList();
        assertEquals(1, stderr.size(), stderr.toString());
        assertTrue(SUMMARY.matcher(stderr.get(0)).matches(), "unexpected stderr line: " + stderr.get(0));
        assertEquals(RUN_OUTPUT, read(run.stdout()));
    }

    private static String read(final Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
