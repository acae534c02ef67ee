package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages of perf's main code are layers: read from the sources' import lines (and any fully qualified name in
 * code), the arrows between {@code dev.weir.perf} packages form no cycle and are exactly the ones the perf package
 * table of docs/architecture.md allows.
 */
final class PackageLayersTest {
    private static final Path MAIN = Path.of("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("^package ([a-z0-9.]+);");
    /** A perf package named in code: the part of a qualified name before its first capitalised segment. */
    private static final Pattern PERF_NAME = Pattern.compile("\\bdev\\.weir\\.perf(?:\\.[a-z][a-z0-9]*)*(?=\\.[A-Z])");

    @Test
    void perfPackagesFormNoCycle() throws IOException {
        final Map<String, Set<String>> arrows = arrows(MAIN);
        assertTrue(arrows.containsKey("dev.weir.perf.harness"), () -> "no perf package found under " + MAIN.toAbsolutePath());
        assertEquals(List.of(), cycle(arrows), () -> "a cycle between perf packages: " + arrows);
    }

    @Test
    void perfPackagesImportOnlyTheLayersBelow() throws IOException {
        assertEquals(Map.of(
                "dev.weir.perf.harness", Set.of(),
                "dev.weir.perf", Set.of("dev.weir.perf.harness"),
                "dev.weir.perf.bench", Set.of("dev.weir.perf", "dev.weir.perf.harness"),
                "dev.weir.perf.cli", Set.of("dev.weir.perf.bench", "dev.weir.perf.harness")), arrows(MAIN));
    }

    @Test
    void aCycleIsFoundWhereTwoPackagesImportEachOther() {
        final Map<String, Set<String>> arrows = new TreeMap<>(Map.of(
                "a", Set.of("b"), "b", Set.of("c"), "c", Set.of("b"), "d", Set.of()));
        assertEquals(List.of("b", "c", "b"), cycle(arrows));
        arrows.put("c", Set.of());
        assertEquals(List.of(), cycle(arrows));
    }

    /** @return per perf package of the sources under {@code root}, the other perf packages its code names */
    private static Map<String, Set<String>> arrows(final Path root) throws IOException {
        final Map<String, Set<String>> arrows = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (final Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String from = null;
                final Set<String> to = new TreeSet<>();
                for (final String line : Files.readAllLines(file)) {
                    final String code = line.strip();
                    if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
                        continue;
                    }
                    final Matcher declared = PACKAGE.matcher(code);
                    if (declared.find()) {
                        from = declared.group(1);
                        continue;
                    }
                    final Matcher named = PERF_NAME.matcher(code);
                    while (named.find()) {
                        to.add(named.group());
                    }
                }
                if (from != null && from.startsWith("dev.weir.perf")) {
                    to.remove(from);
                    arrows.computeIfAbsent(from, p -> new TreeSet<>()).addAll(to);
                }
            }
        }
        return arrows;
    }

    /** @return the packages of one cycle, its first package repeated at the end; empty if there is none */
    private static List<String> cycle(final Map<String, Set<String>> arrows) {
        final Set<String> done = new TreeSet<>();
        for (final String start : arrows.keySet()) {
            final List<String> path = new ArrayList<>();
            final List<String> found = walk(start, arrows, path, done);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    private static List<String> walk(final String from, final Map<String, Set<String>> arrows, final List<String> path,
            final Set<String> done) {
        final int onPath = path.indexOf(from);
        if (onPath >= 0) {
            final List<String> found = new ArrayList<>(path.subList(onPath, path.size()));
            found.add(from);
            return found;
        }
        if (done.contains(from)) {
            return List.of();
        }
        path.add(from);
        for (final String to : arrows.getOrDefault(from, Set.of())) {
            final List<String> found = walk(to, arrows, path, done);
            if (!found.isEmpty()) {
                return found;
            }
        }
        path.remove(path.size() - 1);
        done.add(from);
        return List.of();
    }
}
