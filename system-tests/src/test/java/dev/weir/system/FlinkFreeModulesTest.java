package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.tools.LauncherFlags;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Weir runs without Flink (docs/architecture.md): the build's {@code flink-free} enforcer rule
 * fails any module but flink-runner that depends on {@code org.apache.flink}, directly or
 * through another dependency, in any scope; and no Flink class is on the class path of tools and
 * the modules it uses.
 */
class FlinkFreeModulesTest {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern SKIP = Pattern.compile("<weir\\.flink-free\\.skip>([^<]*)</weir\\.flink-free\\.skip>");

    @Test
    void everyModuleButTheFlinkRunnerIsUnderTheFlinkFreeRule() throws Exception {
        final String parent = Files.readString(LauncherFlags.repoRoot().resolve("pom.xml"));
        assertTrue(parent.replaceAll("\\s+", "").contains("<id>flink-free</id><goals><goal>enforce</goal></goals><configuration>"
                + "<skip>${weir.flink-free.skip}</skip><rules><bannedDependencies><excludes><exclude>org.apache.flink</exclude></excludes>"
                + "<searchTransitive>true</searchTransitive>"), "the parent's flink-free rule bans org.apache.flink transitively");
        assertEquals(List.of("false"), skips(parent), "the rule applies unless a module says otherwise");
        final List<String> flinkFree = new ArrayList<>();
        final Matcher module = MODULE.matcher(parent);
        while (module.find()) {
            final List<String> skips = skips(Files.readString(LauncherFlags.repoRoot().resolve(module.group(1)).resolve("pom.xml")));
            if (skips.isEmpty()) {
                flinkFree.add(module.group(1));
            } else {
                assertEquals("flink-runner", module.group(1), "only flink-runner may leave the rule");
                assertEquals(List.of("true"), skips);
            }
        }
        assertEquals(List.of("engine", "offheap-state", "codecs", "nexmark", "pipelines", "jobs", "engine-spi", "tools", "perf", "jmh", "system-tests",
                "examples/embedding-check"), flinkFree);
    }

    @Test
    void noFlinkClassIsOnTheClassPath() {
        for (final String flinkClass : List.of("org.apache.flink.api.common.functions.Function",
                "org.apache.flink.streaming.api.environment.StreamExecutionEnvironment", "org.apache.flink.runtime.minicluster.MiniCluster",
                "org.apache.flink.client.program.ClusterClient")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(flinkClass, false, getClass().getClassLoader()), flinkClass);
        }
    }

    private static List<String> skips(final String pom) {
        final List<String> values = new ArrayList<>();
        final Matcher skip = SKIP.matcher(pom);
        while (skip.find()) {
            values.add(skip.group(1));
        }
        return values;
    }
}
