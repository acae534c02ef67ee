package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Creating the off-heap backend in a JVM started without Weir's flags (a child JVM: this JVM's
 * java and class path, flags chosen per test) fails with one message that names every missing
 * flag, instead of Chronicle's ExceptionInInitializerError; with all flags it is created.
 */
class MissingJvmFlagsTest {
    private static final List<String> ALL = List.of(System.getProperty("weir.jvm.flags").trim().split("\\s+"));
    private static final String SECTION = " (docs/state.md, \"When the flags are missing\") or use the heap state backend";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"constructor", "default"})
    void withoutAnyFlagTheMessageNamesEveryFlag(final String creation) throws Exception {
        final Child child = run(List.of(), creation);
        assertEquals(BackendCreation.REFUSED, child.exit);
        assertEquals("off-heap state cannot start: this JVM was started without "
                + "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED "
                + "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED --add-exports=java.base/jdk.internal.ref=ALL-UNNAMED "
                + "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED "
                + "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED "
                + "-Dchronicle.analytics.disable=true -Dchronicle.announcer.disable=true; "
                + "add them to the java command line" + SECTION + "\n", child.stdout);
        for (final String flag : ALL) {
            assertTrue(child.stdout.contains(flag + " ") || child.stdout.contains(flag + ";"), flag);
        }
        assertEquals("", child.stderr);
    }

    @Test
    void withSomeFlagsTheMessageNamesExactlyTheOthers() throws Exception {
        // the module flags without the properties; one opens and the properties; all but one export
        assertMissing(List.of(6, 7));
        assertMissing(List.of(1, 2, 3, 4, 5));
        assertMissing(List.of(3));
    }

    @Test
    void withEveryFlagTheBackendIsCreated() throws Exception {
        final Child child = run(ALL, "constructor");
        assertEquals(0, child.exit, child.stderr);
        assertEquals("created ChronicleStateBackend\n", child.stdout);
        assertEquals("", child.stderr);
    }

    @Test
    void aRuntimeWithoutTheCompilerAsksForAFullJdk() throws Exception {
        // --limit-modules leaves the child what a JRE has: no jdk.compiler, so no flag for it
        final List<String> flags = new ArrayList<>(List.of("--limit-modules", "java.base,java.management"));
        for (final String flag : ALL) {
            if (!flag.contains("jdk.compiler/")) {
                flags.add(flag);
            }
        }
        final Child child = run(flags, "constructor");
        assertEquals(BackendCreation.REFUSED, child.exit, child.stderr);
        assertEquals("off-heap state cannot start: the Java runtime at " + System.getProperty("java.home")
                + " has no module jdk.compiler (Chronicle Map needs a full JDK); run on a full JDK" + SECTION + "\n",
                child.stdout);
    }

    /** Starts a child with every flag but those at the indexes of {@code missing}, which the message must list. */
    private void assertMissing(final List<Integer> missing) throws Exception {
        final List<String> given = new ArrayList<>();
        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < ALL.size(); i++) {
            (missing.contains(i) ? expected : given).add(ALL.get(i));
        }
        final Child child = run(given, "constructor");
        assertEquals(BackendCreation.REFUSED, child.exit, child.stderr);
        assertEquals("off-heap state cannot start: this JVM was started without " + String.join(" ", expected)
                + "; add them to the java command line" + SECTION + "\n", child.stdout);
        assertEquals("", child.stderr);
    }

    private Child run(final List<String> flags, final String creation) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(BackendCreation.class.getName());
        command.add(creation);
        final Path out = Files.createTempFile(dir, "child", ".out");
        final Path err = Files.createTempFile(dir, "child", ".err");
        final Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child JVM did not finish within 60 s: " + command);
        }
        return new Child(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** What a finished child printed. */
    private static final class Child {
        private final int exit;
        private final String stdout;
        private final String stderr;

        Child(final int exit, final String stdout, final String stderr) {
            this.exit = exit;
            this.stdout = stdout;
            this.stderr = stderr;
        }
    }
}
