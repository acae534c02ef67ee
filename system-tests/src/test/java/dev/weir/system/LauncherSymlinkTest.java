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
 * {@code ./weir} reached through symbolic links (one on the PATH, a chain of two) finds the
 * clone it belongs to: it builds there and runs that clone's jar. Maven and java are stand-ins
 * that record where they were asked to work, so nothing is built or run for real.
 */
class LauncherSymlinkTest {
    @TempDir
    Path dir;

    @Test
    void aLinkedLauncherWorksInItsClone() throws Exception {
        final Path root = LauncherFlags.repoRoot();
        final Path record = dir.resolve("record.txt");
        final Path tools = Files.createDirectories(dir.resolve("tools"));
        final Path javaHome = Files.createDirectories(dir.resolve("jdk").resolve("bin")).getParent();
        // Maven records the directory it builds in and fails, so the launcher stops there
        StandInLauncher.script(tools.resolve("mvn"), "echo \"mvn $PWD\" >> \"" + record + "\"; exit 1");
        // java records its -jar argument (the launcher's version probe passes none)
        StandInLauncher.script(javaHome.resolve("bin").resolve("java"),
                "while [ $# -gt 0 ]; do if [ \"$1\" = -jar ]; then echo \"java $2\" >> \"" + record + "\"; fi; shift; done");
        final Path onPath = Files.createSymbolicLink(Files.createDirectories(dir.resolve("bin")).resolve("weir"),
                root.resolve("weir"));
        final Path chained = Files.createSymbolicLink(dir.resolve("weir-link"), onPath);
        for (final Path launcher : List.of(onPath, chained)) {
            Files.deleteIfExists(record);
            StandInLauncher.run(launcher, List.of("--version"), dir, tools, javaHome);
            final String done = Files.readString(record, StandardCharsets.UTF_8);
            // a missing or stale jar is built in the clone; a fresh one is run from it
            final String expected = done.startsWith("mvn ") ? "mvn " + root + "\n"
                    : "java " + root.resolve("tools/target/weir.jar") + "\n";
            assertEquals(expected, done, launcher + ": " + Files.readString(dir.resolve("launcher.out")));
        }
    }
}
