package dev.weir.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/embedding}, a project of its own, as a user builds it with the Maven running this build (3.8 and later)
 * against Weir's jars staged from the reactor: {@code mvn -q compile exec:java} prints the README's bars with heap state in
 * Maven's own JVM, which has none of Weir's JVM flags; {@code -Pchronicle compile exec:exec} prints them with Chronicle
 * state in a JVM of its own with the flags; the shaded jar with Chronicle state finds the off-heap backend
 * through its merged service files, fails without the flags naming them, and prints the same bars with them.
 */
class EmbeddingExampleProjectTest {
    /** The README's output of the example, in the order the single keyed task fires it. */
    private static final List<String> BARS = List.of("[0,1000) AAPL o=19000 h=19010 l=19000 c=19010 v=30",
            "[0,1000) MSFT o=41000 h=41000 l=41000 c=41000 v=5", "[1000,2000) AAPL o=19005 h=19005 l=19005 c=19005 v=7");
    private static final long MAVEN_MINUTES = 5;

    private static Path project;
    private static Path settings;

    @BeforeAll
    static void copyTheProject() throws IOException {
        final Path work = Path.of(System.getProperty("weir.work"));
        project = work.resolve("embedding");
        deleteTree(project);
        final Path source = Path.of(System.getProperty("weir.repo.root"), "examples", "embedding");
        try (Stream<Path> files = Files.walk(source)) {
            for (final Path file : (Iterable<Path>) files.filter(path -> !source.relativize(path).startsWith("target"))::iterator) {
                final Path copy = project.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy);
                }
            }
        }
        // plugins come from the user's repository when it has them (read as a remote one, so nothing is written there),
        // else from Maven Central; Weir's jars only from the staged repository
        settings = Files.writeString(work.resolve("settings.xml"), """
                <settings>
                  <profiles>
                    <profile>
                      <id>user-repository</id>
                      <repositories>
                        <repository><id>user-repository</id><url>%1$s</url><snapshots><enabled>false</enabled></snapshots></repository>
                      </repositories>
                      <pluginRepositories>
                        <pluginRepository><id>user-repository</id><url>%1$s</url><snapshots><enabled>false</enabled></snapshots></pluginRepository>
                      </pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>user-repository</activeProfile></activeProfiles>
                </settings>
                """.formatted(Path.of(System.getProperty("weir.user.repository")).toUri()), StandardCharsets.UTF_8);
    }

    @Test
    void compileExecJavaPrintsTheBarsWithHeapStateAndNoJvmFlags() throws Exception {
        // exec:java runs what is compiled: it does not compile by itself
        final Run run = maven("compile", "exec:java");
        assertEquals(0, run.exitCode, run::describe);
        assertEquals(BARS, run.out, run::describe);
    }

    @Test
    void execExecRunsTheBarsWithChronicleStateInAJvmWithTheFlags() throws Exception {
        final Run run = maven("-Pchronicle", "compile", "exec:exec");
        assertEquals(0, run.exitCode, run::describe);
        assertEquals(BARS, run.out, run::describe);
    }

    @Test
    void theShadedJarFindsChronicleStateThroughItsServiceFilesAndRunsWithTheFlags() throws Exception {
        final Run build = maven("-Pchronicle,shade", "package");
        assertEquals(0, build.exitCode, build::describe);
        final Path jar = project.resolve("target/weir-embedding-example-1.0.jar");
        try (JarFile shaded = new JarFile(jar.toFile())) {
            assertTrue(shaded.getEntry("META-INF/services/dev.weir.state.StateBackendFactory") != null, "the engine's service file");
            assertTrue(shaded.getEntry("dev/weir/offheap/ChronicleStateBackend.class") != null, "the off-heap backend");
        }
        final Run withoutFlags = java("-jar", jar.toString());
        assertNotEquals(0, withoutFlags.exitCode, withoutFlags::describe);
        assertTrue(withoutFlags.err.stream().anyMatch(line -> line.contains("MissingJvmFlagsException")
                && line.contains("--add-opens=java.base/java.lang=ALL-UNNAMED")), withoutFlags::describe);

        final List<String> command = new ArrayList<>(Arrays.asList(System.getProperty("weir.jvm.flags").trim().split(" +")));
        command.addAll(List.of("-jar", jar.toString()));
        final Run withFlags = java(command.toArray(new String[0]));
        assertEquals(0, withFlags.exitCode, withFlags::describe);
        assertEquals(BARS, withFlags.out, withFlags::describe);
        assertEquals(List.of(), withFlags.err, withFlags::describe);
    }

    private static Run maven(final String... goals) throws Exception {
        final String mvn = Path.of(System.getProperty("weir.maven.home"), "bin", "mvn").toString();
        final List<String> command = new ArrayList<>(List.of(mvn, "-B", "-q", "-Dstyle.color=never", "-s", settings.toString(),
                "-Dmaven.repo.local=" + System.getProperty("weir.staged.repository")));
        command.addAll(List.of(goals));
        return Run.of(command);
    }

    private static Run java(final String... args) throws Exception {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(args));
        return Run.of(command);
    }

    private static void deleteTree(final Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (final IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** A process run in the copied project: its exit code and both streams, line by line. */
    private static final class Run {
        private final List<String> command;
        private final int exitCode;
        private final List<String> out;
        private final List<String> err;

        private Run(final List<String> command, final int exitCode, final List<String> out, final List<String> err) {
            this.command = command;
            this.exitCode = exitCode;
            this.out = out;
            this.err = err;
        }

        static Run of(final List<String> command) throws Exception {
            final Path out = Files.createTempFile(project.getParent(), "out", ".txt");
            final Path err = Files.createTempFile(project.getParent(), "err", ".txt");
            final ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            // Maven 3.8's console library would print a colour reset around the output, even in batch mode
            builder.environment().put("MAVEN_OPTS", "-Djansi.noreset=true");
            final Process process = builder.start();
            if (!process.waitFor(MAVEN_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError(String.join(" ", command) + " did not end within " + MAVEN_MINUTES + " minutes");
            }
            return new Run(command, process.exitValue(), Files.readAllLines(out), Files.readAllLines(err));
        }

        String describe() {
            return String.join(" ", command) + " -> exit " + exitCode + "\n--- stdout:\n" + String.join("\n", out) + "\n--- stderr:\n"
                    + String.join("\n", err);
        }
    }
}
