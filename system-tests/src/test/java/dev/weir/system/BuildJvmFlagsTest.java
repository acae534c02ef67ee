package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.tools.LauncherFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every JVM the build starts with Weir's flags (the test JVMs, the map-header step of
 * {@code offheap-state}) also gets the flags of its Java version, so that {@code mvn -B verify}
 * on Java 24+ prints no JVM warnings of Weir's libraries.
 */
class BuildJvmFlagsTest {
    private static final Pattern JVM_COMMAND = Pattern.compile("<(argLine|commandlineArgs)>([^<]*)</\\1>");
    private static final List<String> MODULES = List.of("", "engine", "offheap-state", "codecs", "nexmark", "pipelines", "jobs", "engine-spi", "tools", "perf",
            "jmh", "system-tests");

    @Test
    void everyBuildJvmWithWeirsFlagsGetsTheFlagsOfItsJavaVersion() throws Exception {
        final List<String> commands = new ArrayList<>();
        final List<String> withoutVersionFlags = new ArrayList<>();
        for (final String module : MODULES) {
            final Path pom = LauncherFlags.repoRoot().resolve(module).resolve("pom.xml");
            final Matcher command = JVM_COMMAND.matcher(Files.readString(pom));
            while (command.find()) {
                if (command.group(2).contains("${weir.jvm.flags}")) {
                    final String where = (module.isEmpty() ? "pom.xml" : module + "/pom.xml") + " " + command.group(1);
                    commands.add(where);
                    if (!command.group(2).contains("${weir.jvm.flags.by-version}")) {
                        withoutVersionFlags.add(where);
                    }
                }
            }
        }
        assertEquals(List.of("pom.xml argLine", "offheap-state/pom.xml commandlineArgs"), commands);
        assertEquals(List.of(), withoutVersionFlags);
    }
}
