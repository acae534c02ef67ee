package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packages of the command line are layers: the root ({@code WeirCommand} and its handlers) refers to the
 * commands, the commands to {@code tools.engine} and the shared {@code tools.cli}, and nothing refers back up, so
 * no two packages of the module reach each other.
 */
class PackageCyclesTest {
    private static final String TOOLS = "dev.weir.tools";

    @Test
    void noTwoToolsPackagesReachEachOther() {
        final PackageImports imports = new PackageImports(mainSources(), TOOLS);

        assertEquals(List.of(), imports.cycles(), () -> "the package graph: " + imports.graph());
    }

    @Test
    void theSharedPiecesReferToNoOtherToolsPackageAndEnginesOnlyToThem() {
        final Map<String, Set<String>> graph = new PackageImports(mainSources(), TOOLS).graph();

        assertEquals(Set.of(), graph.getOrDefault(TOOLS + ".cli", Set.of()));
        assertTrue(Set.of(TOOLS + ".cli").containsAll(graph.getOrDefault(TOOLS + ".engine", Set.of())), graph::toString);
    }

    @Test
    void aCycleIsReportedWithTheFilesThatMakeIt(@TempDir final Path dir) throws IOException {
        write(dir, "dev/weir/tools/A.java", "package dev.weir.tools;\n\nimport dev.weir.tools.b.B;\n\nfinal class A {\n}\n");
        write(dir, "dev/weir/tools/b/B.java", "package dev.weir.tools.b;\n\n/** Not {@link dev.weir.tools.c.C}. */\n"
                + "final class B {\n    Object a = new dev.weir.tools.A();\n    String c = \"dev.weir.tools.c.C\";\n}\n");
        write(dir, "dev/weir/tools/c/C.java", "package dev.weir.tools.c;\n\nimport static dev.weir.tools.b.B.*;\n\n"
                + "final class C {\n    // dev.weir.tools.d.D\n}\n");

        final PackageImports imports = new PackageImports(dir, TOOLS);

        assertEquals(List.of("cycle among dev.weir.tools, dev.weir.tools.b: dev.weir.tools -> dev.weir.tools.b"
                + " (dev/weir/tools/A.java) dev.weir.tools.b -> dev.weir.tools (dev/weir/tools/b/B.java)"), imports.cycles());
        assertEquals(Map.of(TOOLS, Set.of(TOOLS + ".b"), TOOLS + ".b", Set.of(TOOLS), TOOLS + ".c", Set.of(TOOLS + ".b")),
                imports.graph());
    }

    @Test
    void layersWithoutACycleReportNone(@TempDir final Path dir) throws IOException {
        write(dir, "dev/weir/tools/A.java", "package dev.weir.tools;\n\nimport dev.weir.tools.b.B;\nimport dev.weir.tools.c.*;\n");
        write(dir, "dev/weir/tools/b/B.java", "package dev.weir.tools.b;\n\nimport dev.weir.tools.c.C;\nimport dev.weir.other.X;\n");
        write(dir, "dev/weir/tools/c/C.java", "package dev.weir.tools.c;\n\nimport java.util.List;\n");

        assertEquals(List.of(), new PackageImports(dir, TOOLS).cycles());
    }

    private static Path mainSources() {
        return Path.of(System.getProperty("weir.repo.root")).resolve("tools/src/main/java");
    }

    private static void write(final Path dir, final String file, final String text) throws IOException {
        final Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text, StandardCharsets.UTF_8);
    }
}
