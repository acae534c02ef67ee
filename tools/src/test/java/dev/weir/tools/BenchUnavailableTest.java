package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code weir bench} is the perf module's command when perf is on the class path (as in these tests), with the version
 * line of {@code weir --version}; without perf (as in {@code weir.jar} alone) it is {@link BenchUnavailable}, whose
 * help line and one-line error say how to get it, and which runs nothing.
 */
class BenchUnavailableTest {
    @Test
    void withPerfOnTheClassPathBenchIsPerfsCommandWithWeirsVersionLine() {
        final CommandLine weir = WeirCommand.commandLine();
        assertEquals("dev.weir.perf.cli.BenchCommand", weir.getSubcommands().get("bench").getCommand().getClass().getName());
        final String version = CommandRun.of("--version").out();
        assertTrue(version.startsWith("weir "), version);
        assertEquals(version, CommandRun.of("bench", "--version").out());
    }

    @Test
    void withoutPerfBenchSaysHowToGetItAndRunsNothing() {
        final CommandLine weir = WeirCommand.commandLine(List.of());
        assertEquals(List.of("scenario", "run", "replay", "inspect", "generate", "bench"), List.copyOf(weir.getSubcommands().keySet()));
        final StringWriter err = new StringWriter();
        weir.setErr(new PrintWriter(err, true));
        assertEquals(2, weir.execute("bench", "tumbling", "--events", "200k", "--compare", "flink"));
        assertEquals(List.of("weir bench: this class path has no perf module, which holds the benchmark: run ./weir bench from the"
                + " repository, which adds perf/target/weir-perf.jar, or add that jar after weir.jar on the class path (see weir bench"
                + " --help)"), err.toString().lines().toList());
        final StringWriter out = new StringWriter();
        weir.setOut(new PrintWriter(out, true));
        assertEquals(0, weir.execute("--help"));
        final List<String> help = out.toString().lines().toList();
        assertTrue(help.contains("  bench     Benchmarks a named pipeline; needs perf, which ./weir bench adds."), out::toString);
    }
}
