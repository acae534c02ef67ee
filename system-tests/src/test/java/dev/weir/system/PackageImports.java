package dev.weir.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which packages under a prefix the Java sources of one or more source roots declare and refer to, read from the
 * source text: imports (plain, static and on demand) and names written out in full in code, not in comments or string
 * literals. A package's name is the part of a reference before its first capitalised segment. Keeps, per arrow from
 * one package to another, the first reference that makes it (file, line and the line's text) and how many files
 * do; finds the cycles among the packages: each group of packages that reach each other, with the references that
 * join them. Not thread-safe.
 */
final class PackageImports {
    private static final Pattern DECLARED = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    private final String prefix;
    private final Pattern reference;
    /** package, the first file (as shown) that declares it. */
    private final Map<String, String> packages = new TreeMap<>();
    /** package, package it refers to, the first reference. */
    private final Map<String, Map<String, Reference>> edges = new TreeMap<>();
    /** package, package it refers to, the files that do. */
    private final Map<String, Map<String, Set<String>>> files = new TreeMap<>();

    /**
     * Where one package refers to another.
     *
     * @param file the file, as shown (relative to the source root, after the root's own name if it has one)
     * @param line the line, from 1
     * @param text the line's text, stripped
     */
    record Reference(String file, int line, String text) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + text;
        }
    }

    /** @param prefix the packages looked at, e.g. {@code dev.weir}: the prefix itself and those under it */
    PackageImports(final String prefix) {
        this.prefix = prefix;
        this.reference = Pattern.compile("(?<![\\w.])" + Pattern.quote(prefix) + "((?:\\.[a-z_][\\w]*)*)\\.(?:[A-Z]\\w*|\\*)");
    }

    /**
     * @param root the source root, e.g. {@code src/main/java}
     * @param prefix the packages looked at, e.g. {@code dev.weir.tools}: the prefix itself and those under it
     * @throws UncheckedIOException if a source cannot be read
     */
    PackageImports(final Path root, final String prefix) {
        this(prefix);
        add(root, "");
    }

    /**
     * Reads the sources under a root.
     *
     * @param root the source root, e.g. {@code engine/src/main/java}
     * @param shownAs what file names start with in the results, e.g. {@code engine/src/main/java/}, or nothing
     * @return this
     * @throws UncheckedIOException if a source cannot be read
     */
    PackageImports add(final Path root, final String shownAs) {
        try (Stream<Path> sources = Files.walk(root)) {
            for (final Path file : sources.filter(f -> f.toString().endsWith(".java")).sorted().collect(Collectors.toList())) {
                read(file, shownAs + root.relativize(file).toString().replace('\\', '/'));
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    private void read(final Path file, final String name) throws IOException {
        final String text = Files.readString(file, StandardCharsets.UTF_8);
        final String source = codeOnly(text);
        final Matcher declared = DECLARED.matcher(source);
        if (!declared.find() || !within(declared.group(1))) {
            return;
        }
        final String from = declared.group(1);
        packages.putIfAbsent(from, name);
        final String[] lines = text.split("\n", -1);
        final Matcher found = reference.matcher(source);
        while (found.find()) {
            final String to = prefix + found.group(1);
            if (!to.equals(from)) {
                final int line = lineOf(source, found.start());
                edges.computeIfAbsent(from, p -> new TreeMap<>()).putIfAbsent(to, new Reference(name, line, lines[line - 1].strip()));
                files.computeIfAbsent(from, p -> new TreeMap<>()).computeIfAbsent(to, p -> new TreeSet<>()).add(name);
            }
        }
    }

    private static int lineOf(final String source, final int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (source.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private boolean within(final String name) {
        return name.equals(prefix) || name.startsWith(prefix + ".");
    }

    /** @return each package some source declares, and the first file that does */
    Map<String, String> packages() {
        return packages;
    }

    /** @return each package that refers to another, and the packages it refers to */
    Map<String, Set<String>> graph() {
        final Map<String, Set<String>> graph = new TreeMap<>();
        edges.forEach((from, to) -> graph.put(from, new TreeSet<>(to.keySet())));
        return graph;
    }

    /** @return the packages a package refers to, in name order; empty if none */
    Set<String> uses(final String from) {
        return new TreeSet<>(edges.getOrDefault(from, Map.of()).keySet());
    }

    /** @return the first reference from one package to another, or null if it makes none */
    Reference reference(final String from, final String to) {
        return edges.getOrDefault(from, Map.of()).get(to);
    }

    /** @return how many files of one package refer to another */
    int fileCount(final String from, final String to) {
        return files.getOrDefault(from, Map.of()).getOrDefault(to, Set.of()).size();
    }

    /**
     * @return one line per cycle: the packages that reach each other, then each reference among them as
     *     {@code FROM -> TO (FILE:LINE: TEXT)}; empty without a cycle
     */
    List<String> cycles() {
        final List<String> cycles = new ArrayList<>();
        for (final Set<String> group : stronglyConnected()) {
            if (group.size() < 2) {
                continue;
            }
            final StringBuilder line = new StringBuilder("cycle among " + String.join(", ", group) + ":");
            for (final String from : group) {
                edges.getOrDefault(from, Map.of()).forEach((to, first) -> {
                    if (group.contains(to)) {
                        line.append(' ').append(from).append(" -> ").append(to).append(" (").append(first).append(')');
                    }
                });
            }
            cycles.add(line.toString());
        }
        return cycles;
    }

    /** Tarjan's algorithm over the packages, in name order. */
    private List<Set<String>> stronglyConnected() {
        final Set<String> nodes = new TreeSet<>(edges.keySet());
        edges.values().forEach(to -> nodes.addAll(to.keySet()));
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> low = new HashMap<>();
        final Deque<String> stack = new ArrayDeque<>();
        final Set<String> onStack = new TreeSet<>();
        final List<Set<String>> groups = new ArrayList<>();
        for (final String start : nodes) {
            if (!index.containsKey(start)) {
                visit(start, index, low, stack, onStack, groups);
            }
        }
        return groups;
    }

    private void visit(final String node, final Map<String, Integer> index, final Map<String, Integer> low,
            final Deque<String> stack, final Set<String> onStack, final List<Set<String>> groups) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        onStack.add(node);
        for (final String next : edges.getOrDefault(node, Map.of()).keySet()) {
            if (!index.containsKey(next)) {
                visit(next, index, low, stack, onStack, groups);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            final Set<String> group = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                group.add(member);
            } while (!member.equals(node));
            groups.add(group);
        }
    }

    /**
     * @param source Java source text
     * @return the text with comments, string and character literals and text blocks blanked out (line breaks kept)
     */
    static String codeOnly(final String source) {
        final StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            final int end;
            if (source.startsWith("//", i)) {
                end = indexOrEnd(source, "\n", i);
            } else if (source.startsWith("/*", i)) {
                end = indexOrEnd(source, "*/", i + 2) + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                end = literalEnd(source, "\"\"\"", i + 3);
            } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                end = literalEnd(source, String.valueOf(source.charAt(i)), i + 1);
            } else {
                code.append(source.charAt(i));
                i++;
                continue;
            }
            final int stop = Math.min(end, source.length());
            for (int j = i; j < stop; j++) {
                code.append(source.charAt(j) == '\n' ? '\n' : ' ');
            }
            i = stop;
        }
        return code.toString();
    }

    private static int indexOrEnd(final String source, final String token, final int from) {
        final int at = source.indexOf(token, from);
        return at < 0 ? source.length() : at;
    }

    /** @return the index after the closing quote of a literal whose content starts at {@code from}, escapes skipped */
    private static int literalEnd(final String source, final String quote, final int from) {
        int i = from;
        while (i < source.length()) {
            if (source.charAt(i) == '\\') {
                i += 2;
            } else if (source.startsWith(quote, i)) {
                return i + quote.length();
            } else {
                i++;
            }
        }
        return source.length();
    }
}
