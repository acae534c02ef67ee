package dev.weir.tools;

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
 * Which packages under a prefix the Java sources of a directory refer to, read from the source text: imports
 * (plain, static and on demand) and names written out in full in code, not in comments or string literals. A
 * package's name is the part of a reference before its first capitalised segment. Finds the cycles among them:
 * each group of packages that reach each other, with the references that join them. Not thread-safe.
 */
final class PackageImports {
    private final String prefix;
    private final Pattern reference;
    /** package, package it refers to, the first file (relative to the root) that does. */
    private final Map<String, Map<String, String>> edges = new TreeMap<>();

    /**
     * @param root the source root, e.g. {@code src/main/java}
     * @param prefix the packages looked at, e.g. {@code dev.weir.tools}: the prefix itself and those under it
     * @throws UncheckedIOException if a source cannot be read
     */
    PackageImports(final Path root, final String prefix) {
        this.prefix = prefix;
        this.reference = Pattern.compile("(?<![\\w.])" + Pattern.quote(prefix) + "((?:\\.[a-z_][\\w]*)*)\\.(?:[A-Z]\\w*|\\*)");
        try (Stream<Path> files = Files.walk(root)) {
            for (final Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().collect(Collectors.toList())) {
                read(root, file);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read(final Path root, final Path file) throws IOException {
        final String source = codeOnly(Files.readString(file, StandardCharsets.UTF_8));
        final Matcher declared = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE).matcher(source);
        if (!declared.find() || !within(declared.group(1))) {
            return;
        }
        final String from = declared.group(1);
        final String name = root.relativize(file).toString().replace('\\', '/');
        final Matcher found = reference.matcher(source);
        while (found.find()) {
            final String to = prefix + found.group(1);
            if (!to.equals(from)) {
                edges.computeIfAbsent(from, p -> new TreeMap<>()).putIfAbsent(to, name);
            }
        }
    }

    private boolean within(final String name) {
        return name.equals(prefix) || name.startsWith(prefix + ".");
    }

    /** @return each package, and the packages it refers to */
    Map<String, Set<String>> graph() {
        final Map<String, Set<String>> graph = new TreeMap<>();
        edges.forEach((from, to) -> graph.put(from, new TreeSet<>(to.keySet())));
        return graph;
    }

    /**
     * @return one line per cycle: the packages that reach each other, then each reference among them as
     *     {@code FROM -> TO (FILE)}; empty without a cycle
     */
    List<String> cycles() {
        final List<String> cycles = new ArrayList<>();
        for (final Set<String> group : stronglyConnected()) {
            if (group.size() < 2) {
                continue;
            }
            final StringBuilder line = new StringBuilder("cycle among " + String.join(", ", group) + ":");
            for (final String from : group) {
                edges.getOrDefault(from, Map.of()).forEach((to, file) -> {
                    if (group.contains(to)) {
                        line.append(' ').append(from).append(" -> ").append(to).append(" (").append(file).append(')');
                    }
                });
            }
            cycles.add(line.toString());
        }
        return cycles;
    }

    /** Tarjan's algorithm over the packages, in name order. */
    private List<Set<String>> stronglyConnected() {
        final Set<String> packages = new TreeSet<>(edges.keySet());
        edges.values().forEach(to -> packages.addAll(to.keySet()));
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> low = new HashMap<>();
        final Deque<String> stack = new ArrayDeque<>();
        final Set<String> onStack = new TreeSet<>();
        final List<Set<String>> groups = new ArrayList<>();
        for (final String start : packages) {
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
