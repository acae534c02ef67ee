package dev.weir.flink.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flink} as the command line finds it: by name through the service file, listed in the help and in the
 * line for an unknown engine, and with its own reasons for the options of Weir's runs it does not honour.
 */
class FlinkEngineTest {
    private final FlinkEngine engine = new FlinkEngine();

    @Test
    void theReasonsAreFlinks() {
        assertEquals("flink", engine.name());
        assertEquals("window state lives in Flink's state backend", engine.refusal("--state-initial-entries"));
        assertEquals("Flink cannot read Weir checkpoints", engine.refusal("--restore"));
        assertEquals("Flink's job has no progress line", engine.refusal("--progress"));
        assertEquals("the Flink job replays every datagram of the captures, and a fault in one fails it", engine.refusal("--address"));
        assertEquals("Weir-only", engine.refusal("--threads"));
    }

    @Test
    void theCommandLineListsFlinkAmongTheEnginesFound(@TempDir final Path dir) throws Exception {
        final Path job = Files.writeString(dir.resolve("job.yaml"), "watermarks:\n  strategy: bounded-out-of-orderness\n"
                + "  maxOutOfOrderness: 0\n  interval: 0\nwindow:\n  type: tumbling\n  size: 1000\n");
        final Path records = Files.writeString(dir.resolve("r.csv"), "k,1000,1\n");
        final WeirCli unknown = WeirCli.of("run", "--engine", "spark", job.toString(), records.toString());
        assertEquals(2, unknown.exitCode(), unknown::describe);
        assertEquals("weir: --engine spark: no engine of that name on the class path (engines: weir, flink); an engine's module"
                + " adds its name when it is on the class path, as the ./weir launcher adds the flink-runner module when the"
                + " command line holds --engine flink\n", unknown.err(), unknown::describe);

        final WeirCli help = WeirCli.of("scenario", "--help");
        assertEquals(0, help.exitCode(), help::describe);
        assertTrue(help.out().replaceAll("\\s+", " ").contains("Where the job runs: weir, flink (weir, the default, and each engine"
                + " on the class path)."), help::describe);
    }
}
