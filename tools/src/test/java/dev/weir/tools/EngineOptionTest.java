package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine}: without the flink-runner module on the class path (the tools module's own tests)
 * {@code --engine flink} is one line and exit code 2; Flink-only options with {@code --engine weir},
 * and unknown engines, are usage errors.
 */
class EngineOptionTest {
    private static final String JOB = "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 0\n  interval: 0\n"
            + "window:\n  type: tumbling\n  size: 1000\n";

    @Test
    void flinkWithoutTheFlinkRunnerModuleIsOneLineAndExitCodeTwo(@TempDir final Path dir) throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = Files.writeString(dir.resolve("r.csv"), "k,1000,1\n");
        final Path elements = Files.writeString(dir.resolve("e.csv"), "R,0,k,1000,1\n");
        final Path capture = Files.writeString(dir.resolve("c.pcap"), "not read before the engine is looked up");
        final String missing = "weir: --engine flink: the flink-runner module is not on the class path; the ./weir launcher adds it when"
                + " the command line holds --engine flink\n";
        for (final String[] args : new String[][] {
            {"run", "--engine", "flink", job.toString(), records.toString()},
            {"run", "--engine=flink", "--flink-address", "localhost:8081", job.toString(), records.toString()},
            {"scenario", "--engine", "flink", job.toString(), elements.toString()},
            {"replay", "--engine", "flink", "--pipeline", "ohlcv", capture.toString()},
        }) {
            final CommandRun run = CommandRun.of(args);
            assertEquals(2, run.exitCode(), run::describe);
            assertEquals("", run.out(), run::describe);
            assertEquals(missing, run.err(), run::describe);
        }
    }

    @Test
    void flinkOnlyOptionsWithWeirAndUnknownEnginesAreUsageErrors(@TempDir final Path dir) throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = Files.writeString(dir.resolve("r.csv"), "k,1000,1\n");
        final String[][] cases = {
            {"--flink-address needs --engine flink", "--flink-address", "localhost:8081"},
            {"--parallelism needs --engine flink", "--parallelism", "2"},
            {"--parallelism needs --engine flink", "--engine", "weir", "--parallelism", "2"},
            {"--engine must be weir or flink, got 'spark'", "--engine", "spark"},
        };
        for (final String[] c : cases) {
            final String[] args = new String[c.length + 2];
            args[0] = "run";
            System.arraycopy(c, 1, args, 1, c.length - 1);
            args[c.length] = job.toString();
            args[c.length + 1] = records.toString();
            final CommandRun run = CommandRun.of(args);
            assertEquals(2, run.exitCode(), run::describe);
            assertEquals("", run.out(), run::describe);
            assertEquals("weir: " + c[0] + "\ntry 'weir run --help'\n", run.err(), run::describe);
        }
    }
}
