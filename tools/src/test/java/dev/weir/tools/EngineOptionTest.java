package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine}: without the flink-runner module on the class path (the tools module's own tests) {@code --engine
 * flink}, as any name of no engine found, is one line listing the engines found and exit code 2; Flink-only options
 * with {@code --engine weir} are usage errors; the help lists the engines found.
 */
class EngineOptionTest {
    /** The message after {@code --engine NAME: } when no engine of that name is on the class path. */
    private static final String NO_ENGINE = "no engine of that name on the class path (engines: weir); an engine's module adds"
            + " its name when it is on the class path, as the ./weir launcher adds the flink-runner module when the command line"
            + " holds --engine flink\n";
    private static final String JOB = "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 0\n  interval: 0\n"
            + "window:\n  type: tumbling\n  size: 1000\n";

    @Test
    void flinkWithoutTheFlinkRunnerModuleIsOneLineAndExitCodeTwo(@TempDir final Path dir) throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = Files.writeString(dir.resolve("r.csv"), "k,1000,1\n");
        final Path elements = Files.writeString(dir.resolve("e.csv"), "R,0,k,1000,1\n");
        final Path capture = Files.writeString(dir.resolve("c.pcap"), "not read before the engine is looked up");
        final String missing = "weir: --engine flink: " + NO_ENGINE;
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

    @Test
    void anUnknownEngineIsOneLineListingTheEnginesFound(@TempDir final Path dir) throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), JOB);
        final Path records = Files.writeString(dir.resolve("r.csv"), "k,1000,1\n");
        final CommandRun run = CommandRun.of("run", "--engine", "spark", "--state", "heap", job.toString(), records.toString());

        assertEquals(2, run.exitCode(), run::describe);
        assertEquals("", run.out(), run::describe);
        assertEquals("weir: --engine spark: " + NO_ENGINE, run.err(), run::describe);
    }

    @Test
    void theHelpListsTheEnginesFound() {
        final CommandRun help = CommandRun.of("run", "--help");

        assertEquals(0, help.exitCode(), help::describe);
        // the help wraps its lines; read as one text, the option names weir and the engines found
        final String text = help.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("--engine=ENGINE Where the job runs: weir (weir, the default, and each engine on the class path)."
                + " The ./weir launcher adds the flink-runner module for --engine flink (docs/flink.md)."), help::describe);
    }
}
