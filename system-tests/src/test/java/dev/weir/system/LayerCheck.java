package dev.weir.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The package layers of a repository against its docs/architecture.md: every module of the root POM that has main
 * code ({@code MODULE/src/main/java}) has a package table there ({@link LayerTables}), every package of its main code
 * has a row, every row names a package of that code, each package refers to exactly the {@code dev.weir} packages its
 * row lists (imports and names written in full, {@link PackageImports}), and no packages of all the modules reach
 * each other. Each finding is one line that names the file and line to change; a package whose row is missing or
 * wrong comes with the uses cell its code needs. Not thread-safe; one per check.
 */
final class LayerCheck {
    /** Where the tables are, relative to the repository's root. */
    static final String ARCHITECTURE = "docs/architecture.md";
    private static final String PREFIX = "dev.weir";
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);

    private final Path root;

    /** @param root the repository's root: pom.xml, docs/architecture.md, the modules */
    LayerCheck(final Path root) {
        this.root = root;
    }

    /**
     * @return the modules of the root POM (its profiles' too), in its order, that have main code
     * @throws UncheckedIOException if the POM cannot be read
     */
    List<String> modulesWithMainCode() {
        final Set<String> modules = new LinkedHashSet<>();
        final Matcher module = MODULE.matcher(COMMENT.matcher(read(root.resolve("pom.xml"))).replaceAll(""));
        while (module.find()) {
            final String name = module.group(1).strip();
            if (Files.isDirectory(root.resolve(name).resolve("src/main/java"))) {
                modules.add(name);
            }
        }
        return new ArrayList<>(modules);
    }

    /**
     * @return every finding, one line each; empty if the code keeps the tables
     * @throws UncheckedIOException if a file cannot be read
     */
    List<String> violations() {
        final LayerTables tables = new LayerTables(ARCHITECTURE, read(root.resolve(ARCHITECTURE)));
        final List<String> violations = new ArrayList<>(tables.problems());
        final Map<String, PackageImports> code = new LinkedHashMap<>();
        final PackageImports all = new PackageImports(PREFIX);
        final Map<String, String> moduleOf = new LinkedHashMap<>();
        for (final String module : modulesWithMainCode()) {
            final String shown = module + "/src/main/java/";
            final Path sources = root.resolve(module).resolve("src/main/java");
            code.put(module, new PackageImports(PREFIX).add(sources, shown));
            all.add(sources, shown);
            code.get(module).packages().keySet().forEach(name -> moduleOf.putIfAbsent(name, module));
        }
        code.forEach((module, imports) -> check(module, imports, tables.tables().get(module), moduleOf, violations));
        tables.tables().forEach((module, table) -> {
            if (!code.containsKey(module)) {
                violations.add(ARCHITECTURE + ":" + table.line() + ": \"" + table.title() + "\" names no module with main code"
                        + " (the root POM's modules with src/main/java: " + String.join(", ", code.keySet()) + ")");
            }
        });
        violations.addAll(all.cycles());
        return violations;
    }

    private static void check(final String module, final PackageImports imports, final LayerTables.Table table,
            final Map<String, String> moduleOf, final List<String> violations) {
        if (table == null) {
            violations.add(ARCHITECTURE + " has no section \"## Packages inside `" + module + "`\" (or \"## Layers inside `" + module
                    + "`\") with a table headed " + LayerTables.HEADER + ", and " + module + " has main code; its packages use: "
                    + imports.packages().keySet().stream().map(name -> suggestion(name, imports)).collect(Collectors.joining("; ")));
            return;
        }
        final String where = "\"" + table.title() + "\"";
        for (final Map.Entry<String, String> declared : imports.packages().entrySet()) {
            final String name = declared.getKey();
            final LayerTables.Row row = table.rows().get(name);
            if (row == null) {
                violations.add(declared.getValue() + ": package " + name + " has no row in " + ARCHITECTURE + " " + where
                        + " (line " + table.line() + "); " + suggestion(name, imports));
                continue;
            }
            for (final String used : imports.uses(name)) {
                if (!row.uses().contains(used)) {
                    final int more = imports.fileCount(name, used) - 1;
                    violations.add(imports.reference(name, used) + (more > 0 ? " (and " + more + " more file" + (more > 1 ? "s" : "") + ")" : "")
                            + ": " + name + " may not use " + used + ": its row, " + ARCHITECTURE + ":" + row.line() + " in " + where
                            + ", lists " + cell(row.uses()) + "; " + suggestion(name, imports));
                }
            }
        }
        table.rows().forEach((name, row) -> {
            if (!imports.packages().containsKey(name)) {
                final String elsewhere = moduleOf.get(name);
                violations.add(ARCHITECTURE + ":" + row.line() + ": the row of `" + LayerTables.relative(name) + "` in " + where
                        + " names a package without main code in " + module + (elsewhere == null ? "" : " (it is in " + elsewhere + ")"));
            }
            for (final String used : row.uses()) {
                if (!moduleOf.containsKey(used)) {
                    violations.add(ARCHITECTURE + ":" + row.line() + ": the row of `" + LayerTables.relative(name) + "` in " + where
                            + " uses `" + LayerTables.relative(used) + "`, a package without main code in any module");
                } else if (imports.packages().containsKey(name) && !imports.uses(name).contains(used)) {
                    violations.add(ARCHITECTURE + ":" + row.line() + ": the row of `" + LayerTables.relative(name) + "` in " + where
                            + " lists `" + LayerTables.relative(used) + "`, which its code does not use; " + suggestion(name, imports));
                }
            }
        });
    }

    /** @return the uses cell a package's code needs, as in {@code `perf` uses `perf.harness`, `time`} */
    private static String suggestion(final String name, final PackageImports imports) {
        return "`" + LayerTables.relative(name) + "` uses " + cell(imports.uses(name));
    }

    private static String cell(final Set<String> uses) {
        return uses.isEmpty() ? "nothing" : uses.stream().map(used -> "`" + LayerTables.relative(used) + "`").collect(Collectors.joining(", "));
    }

    private static String read(final Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
