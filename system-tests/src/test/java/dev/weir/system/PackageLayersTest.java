package dev.weir.system;

import static dev.weir.system.PackageImportsTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packages of every module's main code are the layers docs/architecture.md says they are: each module of the
 * root POM with {@code src/main/java} has a section "Layers inside" or "Packages inside" it with a table headed
 * {@code | package | holds | uses |}; every package has its row and every row its package; a package refers (by
 * import or by a name in full) to exactly the {@code dev.weir} packages its uses cell lists; and no packages, across
 * all the modules, reach each other. A failure names the file and line of each offence (the import, the row) and
 * the uses cell the package's code needs ({@link LayerCheck}). The check runs on the repository (its root in the
 * system property {@code weir.repo.root}) and, to show that each finding is made, on small repositories made in a
 * temporary directory.
 */
class PackageLayersTest {
    private static final String POM = "<project>\n  <modules>\n    <module>core</module>\n    <module>app</module>\n"
            + "    <module>docs-only</module>\n    <!-- <module>commented-out</module> -->\n  </modules>\n  <profiles><profile><modules>\n"
            + "    <module>extra</module>\n  </modules></profile></profiles>\n</project>\n";

    @Test
    void everyModulesPackagesKeepTheLayersOfArchitectureMd() {
        final String root = System.getProperty("weir.repo.root");
        assertTrue(root != null && Files.isDirectory(Path.of(root)), () -> "system property weir.repo.root must name the repository's root, got " + root);
        final LayerCheck check = new LayerCheck(Path.of(root));
        assertTrue(check.modulesWithMainCode().containsAll(List.of("engine", "offheap-state", "codecs", "nexmark", "pipelines", "tools", "perf", "jmh")),
                () -> "modules with main code: " + check.modulesWithMainCode());
        final List<String> violations = check.violations();
        assertTrue(violations.isEmpty(), () -> violations.size() + " offences against the package tables of " + LayerCheck.ARCHITECTURE
                + " (a table per module with main code, each package's row listing the dev.weir packages it uses):\n" + String.join("\n", violations));
    }

    @Test
    void tablesTheCodeKeepsReportNothing(@TempDir final Path repo) throws IOException {
        write(repo, "pom.xml", "<project><modules><module>core</module><module>app</module><module>no-code</module></modules></project>\n");
        Files.createDirectories(repo.resolve("no-code/src/test/java"));
        write(repo, "docs/architecture.md", "# Architecture\n\n## Layers inside `core`\n\nFrom the bottom up:\n\n"
                + "| package | holds | uses |\n|---|---|---|\n"
                + "| (the root) | the marker | nothing |\n"
                + "| `event` | events, `A|B` in a cell | `dev.weir` |\n\n"
                + "## Packages inside `app`\n\n"
                + "|  package  |  holds  |  uses  |\n|---|---|---|\n"
                + "| `dev.weir.app` | the app | `event`, `app.cli` (its `Parser`), `dev.weir` |\n"
                + "| `app.cli`, `app.run` | the commands | `nothing` |\n\n## Another section\n\n| package | holds | uses |\n");
        write(repo, "core/src/main/java/dev/weir/Marker.java", "package dev.weir;\n\nfinal class Marker {\n}\n");
        write(repo, "core/src/main/java/dev/weir/event/Event.java", "package dev.weir.event;\n\nimport dev.weir.Marker;\n");
        write(repo, "app/src/main/java/dev/weir/app/App.java", "package dev.weir.app;\n\nimport dev.weir.event.Event;\n\n"
                + "final class App {\n    dev.weir.app.cli.Cli cli;\n    Object marker = new dev.weir.Marker();\n}\n");
        write(repo, "app/src/main/java/dev/weir/app/cli/Cli.java", "package dev.weir.app.cli;\n\n// import dev.weir.app.App;\n");
        write(repo, "app/src/main/java/dev/weir/app/run/Run.java", "package dev.weir.app.run;\n\nimport java.util.List;\n");

        final LayerCheck check = new LayerCheck(repo);
        assertEquals(List.of("core", "app"), check.modulesWithMainCode());
        assertEquals(List.of(), check.violations());
    }

    @Test
    void eachOffenceIsNamedWithItsFileAndLine(@TempDir final Path repo) throws IOException {
        write(repo, "pom.xml", POM);
        Files.createDirectories(repo.resolve("docs-only/src/test/java"));
        write(repo, "docs/architecture.md", "# Architecture\n\n"
                + "## Layers inside `core`\n\n"                                    // line 3
                + "| package | holds | uses |\n|---|---|---|\n"
                + "| `dev.weir` (the root) | the marker | nothing |\n"               // line 7
                + "| `event` | events | `dev.weir` |\n"                             // line 8
                + "| `gone` | what moved away | nothing |\n\n"                      // line 9
                + "## Packages inside `app`\n\n"                                    // line 11
                + "| package | holds | uses |\n|---|---|---|\n"
                + "| `app` | the app | `event`, `app.cli`, `missing` |\n"          // line 15
                + "| `app.cli` | the commands | `event` |\n\n"                     // line 16
                + "## Packages inside `elsewhere`\n\n"                              // line 18
                + "| package | holds | uses |\n|---|---|---|\n"
                + "| `elsewhere` | nothing | nothing |\n");
        write(repo, "core/src/main/java/dev/weir/Marker.java", "package dev.weir;\n");
        write(repo, "core/src/main/java/dev/weir/event/Event.java", "package dev.weir.event;\n\nimport dev.weir.Marker;\nimport dev.weir.app.App;\n");
        write(repo, "core/src/main/java/dev/weir/event/Events.java", "package dev.weir.event;\n\nfinal class Events {\n    dev.weir.app.App app;\n}\n");
        write(repo, "core/src/main/java/dev/weir/state/State.java", "package dev.weir.state;\n");
        write(repo, "app/src/main/java/dev/weir/app/App.java", "package dev.weir.app;\n\nimport dev.weir.event.Event;\nimport dev.weir.app.cli.Cli;\n");
        write(repo, "app/src/main/java/dev/weir/app/cli/Cli.java", "package dev.weir.app.cli;\n");
        write(repo, "extra/src/main/java/dev/weir/extra/Extra.java", "package dev.weir.extra;\n\nimport dev.weir.event.Event;\n");

        final LayerCheck check = new LayerCheck(repo);
        assertEquals(List.of("core", "app", "extra"), check.modulesWithMainCode());
        assertEquals(List.of(
                "core/src/main/java/dev/weir/event/Event.java:4: import dev.weir.app.App; (and 1 more file): dev.weir.event may not use"
                        + " dev.weir.app: its row, docs/architecture.md:8 in \"## Layers inside `core`\", lists `dev.weir`; `event` uses `dev.weir`, `app`",
                "core/src/main/java/dev/weir/state/State.java: package dev.weir.state has no row in docs/architecture.md"
                        + " \"## Layers inside `core`\" (line 3); `state` uses nothing",
                "docs/architecture.md:9: the row of `gone` in \"## Layers inside `core`\" names a package without main code in core",
                "docs/architecture.md:15: the row of `app` in \"## Packages inside `app`\" uses `missing`, a package without main code in any module",
                "docs/architecture.md:16: the row of `app.cli` in \"## Packages inside `app`\" lists `event`, which its code does not use;"
                        + " `app.cli` uses nothing",
                "docs/architecture.md has no section \"## Packages inside `extra`\" (or \"## Layers inside `extra`\") with a table headed"
                        + " | package | holds | uses |, and extra has main code; its packages use: `extra` uses `event`",
                "docs/architecture.md:18: \"## Packages inside `elsewhere`\" names no module with main code (the root POM's modules with"
                        + " src/main/java: core, app, extra)",
                "cycle among dev.weir.app, dev.weir.event: dev.weir.app -> dev.weir.event (app/src/main/java/dev/weir/app/App.java:3:"
                        + " import dev.weir.event.Event;) dev.weir.event -> dev.weir.app (core/src/main/java/dev/weir/event/Event.java:4:"
                        + " import dev.weir.app.App;)"), check.violations());
    }

    @Test
    void aTableThatCannotBeReadIsNamedWithItsLine(@TempDir final Path repo) throws IOException {
        write(repo, "pom.xml", "<project><modules><module>core</module></modules></project>\n");
        write(repo, "docs/architecture.md", "# Architecture\n\n"
                + "## Layers inside `core`\n\n"
                + "| package | holds | uses |\n|---|---|---|\n"
                + "| `event` | events | everything above but `window` |\n"        // line 7
                + "| `time`, clocks | time | `event` |\n"                        // line 8
                + "| `valve` | the valve |\n"                                      // line 9
                + "| `event` | events again | nothing |\n\n"                      // line 10
                + "## Packages inside `core`\n\n"                                  // line 12
                + "| package | holds | uses |\n|---|---|---|\n\n"
                + "## Packages inside `old`\n\n"                                   // line 17
                + "| package | holds | may import |\n|---|---|---|\n");
        write(repo, "core/src/main/java/dev/weir/event/Event.java", "package dev.weir.event;\n");

        assertEquals(List.of(
                "docs/architecture.md:7: the uses cell of a row of \"## Layers inside `core`\" is not a comma-separated list of backticked"
                        + " package names or nothing: everything above but `window`",
                "docs/architecture.md:8: the package cell of a row of \"## Layers inside `core`\" is not a comma-separated list of backticked"
                        + " package names: `time`, clocks",
                "docs/architecture.md:9: a row of \"## Layers inside `core`\" has 2 cells, not 3 (package, holds, uses)",
                "docs/architecture.md:10: `dev.weir.event` has a second row in \"## Layers inside `core`\", the first is at line 7",
                "docs/architecture.md:12: \"## Packages inside `core`\" is the second package table of core, the first is at line 3",
                "docs/architecture.md:17: \"## Packages inside `old`\" has no table headed | package | holds | uses |"),
                new LayerCheck(repo).violations());
    }
}
