package dev.weir.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * What {@link PackageImports} reads from sources: imports and names in full in code, not in comments or strings; the
 * first reference of each arrow with its line; the cycles, with the references that make them.
 */
class PackageImportsTest {
    private static final String TOOLS = "dev.weir.tools";

    @Test
    void aCycleIsReportedWithTheFilesThatMakeIt(@TempDir final Path dir) throws IOException {
        write(dir, "dev/weir/tools/A.java", "package dev.weir.tools;\n\nimport dev.weir.tools.b.B;\n\nfinal class A {\n}\n");
        write(dir, "dev/weir/tools/b/B.java", "package dev.weir.tools.b;\n\n/** Not {@link dev.weir.tools.c.C}. */\n"
                + "final class B {\n    Object a = new dev.weir.tools.A();\n    String c = \"dev.weir.tools.c.C\";\n}\n");
        write(dir, "dev/weir/tools/c/C.java", "package dev.weir.tools.c;\n\nimport static dev.weir.tools.b.B.*;\n\n"
                + "final class C {\n    // dev.weir.tools.d.D\n}\n");

        final PackageImports imports = new PackageImports(dir, TOOLS);

        assertEquals(List.of("cycle among dev.weir.tools, dev.weir.tools.b: dev.weir.tools -> dev.weir.tools.b"
                + " (dev/weir/tools/A.java:3: import dev.weir.tools.b.B;) dev.weir.tools.b -> dev.weir.tools"
                + " (dev/weir/tools/b/B.java:5: Object a = new dev.weir.tools.A();)"), imports.cycles());
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

    @Test
    void aCycleIsFoundWhereTwoPackagesImportEachOtherAndGoneWithOneOfTheImports(@TempDir final Path dir) throws IOException {
        write(dir, "a/A.java", "package dev.weir.a;\n\nimport dev.weir.b.B;\n");
        write(dir, "b/B.java", "package dev.weir.b;\n\nimport dev.weir.c.C;\n");
        write(dir, "c/C.java", "package dev.weir.c;\n\nimport dev.weir.b.B;\n");
        write(dir, "d/D.java", "package dev.weir.d;\n");

        final PackageImports imports = new PackageImports("dev.weir").add(dir, "m/");
        assertEquals(List.of("cycle among dev.weir.b, dev.weir.c: dev.weir.b -> dev.weir.c (m/b/B.java:3: import dev.weir.c.C;)"
                + " dev.weir.c -> dev.weir.b (m/c/C.java:3: import dev.weir.b.B;)"), imports.cycles());
        assertEquals(Map.of("dev.weir.a", "m/a/A.java", "dev.weir.b", "m/b/B.java", "dev.weir.c", "m/c/C.java", "dev.weir.d", "m/d/D.java"),
                imports.packages());

        write(dir, "c/C.java", "package dev.weir.c;\n");
        assertEquals(List.of(), new PackageImports("dev.weir").add(dir, "m/").cycles());
    }

    @Test
    void eachArrowKeepsItsFirstReferenceAndCountsItsFiles(@TempDir final Path dir) throws IOException {
        write(dir, "a/A1.java", "package dev.weir.a;\n\nimport java.util.List;\nimport dev.weir.b.B;\n");
        write(dir, "a/A2.java", "package dev.weir.a;\n\nfinal class A2 {\n    dev.weir.b.B b;\n}\n");

        final PackageImports imports = new PackageImports("dev.weir").add(dir, "");
        assertEquals("a/A1.java:4: import dev.weir.b.B;", imports.reference("dev.weir.a", "dev.weir.b").toString());
        assertEquals(2, imports.fileCount("dev.weir.a", "dev.weir.b"));
        assertEquals(Set.of("dev.weir.b"), imports.uses("dev.weir.a"));
        assertEquals(Set.of(), imports.uses("dev.weir.b"));
    }

    static void write(final Path dir, final String file, final String text) throws IOException {
        final Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text, StandardCharsets.UTF_8);
    }
}
