package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.tools.LauncherFlags;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./weir} puts flink-runner on the class path for {@code --engine flink} and for {@code weir bench}'s
 * {@code --compare flink}, in either spelling, and for nothing else (not for other values, nor after {@code --}); it puts
 * perf's jar after the command-line jar for {@code weir bench} on Weir, and for no other command.
 * Maven and java are stand-ins that record what they were asked to build or run, so nothing is built or run for real:
 * either the launcher builds (Maven's {@code -pl} names the modules) or it runs (java's {@code -jar} or its {@code -cp}).
 */
class LauncherFlinkSelectionTest {
    @TempDir
    Path dir;

    @Test
    void flinkIsOnTheClassPathForEngineFlinkAndCompareFlinkOnly() throws Exception {
        final List<List<String>> onFlink = List.of(
                List.of("bench", "tumbling", "--compare", "flink"),
                List.of("bench", "tumbling", "--compare=flink", "--rates", "1000"),
                List.of("run", "--engine", "flink", "job.yaml", "records.csv"),
                List.of("scenario", "--engine=flink", "job.yaml", "elements.csv"));
        final List<List<String>> benchOnWeir = List.of(
                List.of("bench", "tumbling"),
                List.of("bench", "tumbling", "--compare", "weir"),
                List.of("bench", "tumbling", "--", "--compare", "flink"));
        final List<List<String>> onWeir = List.of(
                List.of("run", "--engine", "weir", "job.yaml", "records.csv"),
                List.of("scenario", "job.yaml", "bench"),
                List.of("--version"));
        for (final List<String> args : onFlink) {
            assertEquals("flink-runner", moduleRun(args), args.toString());
        }
        for (final List<String> args : benchOnWeir) {
            assertEquals("tools+perf", moduleRun(args), args.toString());
        }
        for (final List<String> args : onWeir) {
            assertEquals("tools", moduleRun(args), args.toString());
        }
    }

    /** Runs the launcher with stand-ins: the modules it built or ran, "flink-runner", "tools+perf" or "tools". */
    private String moduleRun(final List<String> args) throws Exception {
        final Path root = LauncherFlags.repoRoot();
        final Path record = dir.resolve("record.txt");
        Files.deleteIfExists(record);
        final Path tools = Files.createDirectories(dir.resolve("tools"));
        final Path javaHome = Files.createDirectories(dir.resolve("jdk").resolve("bin")).getParent();
        // Maven records the module it builds (-pl) and fails, so the launcher stops there
        StandInLauncher.script(tools.resolve("mvn"), "while [ $# -gt 0 ]; do if [ \"$1\" = -pl ]; then echo \"$2\" >> \"" + record + "\"; fi; shift;"
                + " done; exit 1");
        // java records the jar it runs, or its class path (the launcher's version probe passes neither)
        StandInLauncher.script(javaHome.resolve("bin").resolve("java"), "while [ $# -gt 0 ]; do"
                + " if [ \"$1\" = -jar ]; then echo \"$2\" >> \"" + record + "\"; fi;"
                + " if [ \"$1\" = -cp ]; then echo \"$2\" >> \"" + record + "\"; fi; shift; done");
        StandInLauncher.run(root.resolve("weir"), args, dir, tools, javaHome);
        final String done = Files.readString(record, StandardCharsets.UTF_8).trim();
        final String weirJar = root.resolve("tools/target/weir.jar").toString();
        if (done.equals("tools,flink-runner") || done.startsWith(root.resolve("flink-runner/target/classes") + ":")
                && done.endsWith(":" + weirJar)) {
            return "flink-runner";
        }
        if (done.equals("tools,perf") || done.equals(weirJar + ":" + root.resolve("perf/target/weir-perf.jar"))) {
            return "tools+perf";
        }
        if (done.equals("tools") || done.equals(weirJar)) {
            return "tools";
        }
        return done + ": " + Files.readString(dir.resolve("launcher.out"));
    }
}
