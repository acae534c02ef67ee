package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code ./weir} launcher with stand-ins for Maven and java (scripts the test writes, which record what
 * they were asked to do), so that nothing is built or run for real.
 */
final class StandInLauncher {
    private StandInLauncher() {
    }

    /**
     * Writes an executable bash script.
     *
     * @param file where
     * @param body the script's body
     */
    static void script(final Path file, final String body) throws Exception {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * Runs the launcher in {@code dir} and waits for it (at most a minute); its output goes to {@code dir/launcher.out}.
     *
     * @param launcher the launcher (or a link to it)
     * @param args its arguments
     * @param dir the working directory
     * @param mavenDir the directory of the stand-in {@code mvn}, put first on the PATH
     * @param javaHome the JAVA_HOME of the stand-in {@code bin/java}
     */
    static void run(final Path launcher, final List<String> args, final Path dir, final Path mavenDir, final Path javaHome)
            throws Exception {
        final List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(args);
        final ProcessBuilder builder = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("launcher.out").toFile());
        final Map<String, String> env = builder.environment();
        env.put("PATH", mavenDir + ":" + env.get("PATH"));
        env.put("JAVA_HOME", javaHome.toString());
        final Process process = builder.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher did not end");
    }
}
