package dev.weir.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JVM flags {@code ./weir} starts a given JDK with, asked of the launcher's own
 * {@code jvm-flags.sh} (so tests run the command line exactly as the launcher would), and the
 * repository root it lives in (system property {@code weir.repo.root}, set by Maven).
 */
public final class LauncherFlags {
    private LauncherFlags() {
    }

    /** @return the repository root */
    public static Path repoRoot() {
        final String root = System.getProperty("weir.repo.root");
        if (root == null || root.isBlank()) {
            throw new AssertionError("system property weir.repo.root is not set: run the tests through Maven");
        }
        return Path.of(root).toAbsolutePath().normalize();
    }

    /**
     * @param javaHome the JDK the launcher would run
     * @return its flags, in the launcher's order
     * @throws IOException if bash cannot run
     * @throws InterruptedException if interrupted while waiting for it
     */
    public static List<String> of(final Path javaHome) throws IOException, InterruptedException {
        final Path root = repoRoot();
        final Process bash = new ProcessBuilder("bash", "-c",
                "set -eu; . \"$1/jvm-flags.sh\"; weir_jvm_flags \"$1\" \"$2\"; "
                        + "printf '%s\\n' \"${weir_flags[@]}\" \"${weir_version_flags[@]}\"",
                "flags", root.toString(), javaHome.resolve("bin").resolve("java").toString())
                .redirectErrorStream(true)
                .start();
        final String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!bash.waitFor(30, TimeUnit.SECONDS) || bash.exitValue() != 0) {
            throw new AssertionError("jvm-flags.sh failed: " + output);
        }
        final List<String> flags = new ArrayList<>();
        for (final String line : output.split("\n")) {
            if (!line.isEmpty()) {
                flags.add(line);
            }
        }
        return flags;
    }
}
