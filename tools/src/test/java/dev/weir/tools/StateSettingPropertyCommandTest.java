package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.tools.cli.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code weir.state.*} system property (given through {@code WEIR_JAVA_OPTS}) that is not a
 * positive whole number stops {@code weir scenario} and {@code weir run} with one line naming
 * the property and exit code 2, instead of running silently with the default.
 */
class StateSettingPropertyCommandTest {
    private static final String JOB = "examples/late-trades/job.yaml";
    private static final String ELEMENTS = "examples/late-trades/elements.csv";

    @TempDir
    Path dir;

    @Test
    void aBadStatePropertyIsAUsageErrorNamingIt() throws Exception {
        final Path records = Files.writeString(dir.resolve("records.csv"), "AAPL,1000,10\n");
        final String job = LauncherFlags.repoRoot().resolve(JOB).toString();
        final List<List<String>> cases = List.of(
                List.of("-Dweir.state.cache-entries=64k", "weir.state.cache-entries: not a whole number: '64k'", "scenario"),
                List.of("-Dweir.state.max-entries=1e5", "weir.state.max-entries: not a whole number: '1e5'", "run"),
                List.of("-Dweir.state.average-value-bytes=-5", "weir.state.average-value-bytes: must be in 1..2147483647, got -5",
                        "scenario"),
                List.of("-Dweir.state.initial-entries=0", "weir.state.initial-entries: must be in 1..9223372036854775807, got 0",
                        "run"));
        int n = 0;
        for (final List<String> c : cases) {
            final String[] args = c.get(2).equals("run")
                    ? new String[] {"run", job, records.toString()}
                    : new String[] {"scenario", job, LauncherFlags.repoRoot().resolve(ELEMENTS).toString()};
            final ChildWeir child = ChildWeir.startWith(dir, "weir-" + n++, List.of(c.get(0)), args);
            assertEquals(ExitCodes.BAD_INPUT, child.awaitExit(60), c.get(0));
            assertEquals("weir: system property " + c.get(1) + "\n", Files.readString(child.stderr(), StandardCharsets.UTF_8),
                    c.get(0));
            assertEquals("", Files.readString(child.stdout(), StandardCharsets.UTF_8), c.get(0));
        }
    }
}
