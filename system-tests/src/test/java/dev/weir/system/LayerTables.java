package dev.weir.system;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The package tables of docs/architecture.md: each section titled {@code ## Layers inside `MODULE`} or
 * {@code ## Packages inside `MODULE`} holds one table headed {@code | package | holds | uses |}, one row per package
 * (or per several packages that share a row), the uses cell a comma-separated list of packages or {@code nothing}.
 * Package names are backticked, relative to {@code dev.weir} ({@code event}, {@code perf.harness}) or in full
 * ({@code dev.weir.perf}); the root package is {@code dev.weir}, or a package cell that says {@code (the root)}.
 * A remark in parentheses is not read ({@code `perf` (its tables)}). What cannot be read is a problem, named
 * with its line. Immutable.
 */
final class LayerTables {
    /** The header a package table has, its cells separated by single spaces. */
    static final String HEADER = "| package | holds | uses |";
    private static final String ROOT = "dev.weir";
    private static final Pattern SECTION = Pattern.compile("^## (?:Layers|Packages) inside `([^`]+)`\\s*$");
    private static final Pattern NAME = Pattern.compile("^`([a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)*)`$");
    private static final Pattern REMARK = Pattern.compile("\\([^()]*\\)");

    private final String file;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    /**
     * One package table.
     *
     * @param module the module its title names
     * @param title its title line
     * @param line the title's line, from 1
     * @param rows per package, its row
     */
    record Table(String module, String title, int line, Map<String, Row> rows) {
    }

    /**
     * One package's row.
     *
     * @param line the row's line, from 1
     * @param uses the packages it may use, in full
     */
    record Row(int line, Set<String> uses) {
    }

    /**
     * @param file the file's name as problems show it, e.g. {@code docs/architecture.md}
     * @param markdown its text
     */
    LayerTables(final String file, final String markdown) {
        this.file = file;
        final String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            final Matcher section = SECTION.matcher(lines[i].strip());
            if (section.matches()) {
                i = readSection(lines, i, section.group(1)) - 1;
            }
        }
    }

    /** @return the index of the line after the section */
    private int readSection(final String[] lines, final int start, final String module) {
        final String title = lines[start].strip();
        int end = start + 1;
        while (end < lines.length && !lines[end].startsWith("## ")) {
            end++;
        }
        int header = start + 1;
        while (header < end && !normalised(lines[header]).equals(HEADER)) {
            header++;
        }
        if (header == end) {
            problems.add(at(start) + "\"" + title + "\" has no table headed " + HEADER);
            return end;
        }
        if (tables.containsKey(module)) {
            problems.add(at(start) + "\"" + title + "\" is the second package table of " + module + ", the first is at line "
                    + tables.get(module).line());
            return end;
        }
        final Map<String, Row> rows = new LinkedHashMap<>();
        for (int i = header + 2; i < end && lines[i].strip().startsWith("|"); i++) {
            readRow(lines[i], i, title, rows);
        }
        tables.put(module, new Table(module, title, start + 1, rows));
        return end;
    }

    private void readRow(final String text, final int index, final String title, final Map<String, Row> rows) {
        final List<String> cells = cells(text);
        if (cells.size() != 3) {
            problems.add(at(index) + "a row of \"" + title + "\" has " + cells.size() + " cells, not 3 (package, holds, uses)");
            return;
        }
        final String packageCell = REMARK.matcher(cells.get(0)).replaceAll("").strip();
        final List<String> packages = packageCell.isEmpty() && cells.get(0).contains("(the root)") ? List.of(ROOT)
                : names(packageCell, index, title, "package");
        final String usesCell = REMARK.matcher(cells.get(2)).replaceAll("").strip();
        final Set<String> uses = usesCell.equals("nothing") || usesCell.equals("`nothing`") ? new TreeSet<>()
                : new TreeSet<>(names(usesCell, index, title, "uses"));
        for (final String name : packages) {
            if (rows.containsKey(name)) {
                problems.add(at(index) + "`" + name + "` has a second row in \"" + title + "\", the first is at line " + rows.get(name).line());
            } else {
                rows.put(name, new Row(index + 1, uses));
            }
        }
    }

    private List<String> names(final String cell, final int index, final String title, final String column) {
        final List<String> names = new ArrayList<>();
        for (final String item : cell.split(",", -1)) {
            final Matcher name = NAME.matcher(item.strip());
            if (name.matches()) {
                names.add(full(name.group(1)));
            } else {
                problems.add(at(index) + "the " + column + " cell of a row of \"" + title + "\" is not a comma-separated list of backticked"
                        + " package names" + (column.equals("uses") ? " or nothing" : "") + ": " + cell);
                return List.of();
            }
        }
        return names;
    }

    /** @return a package name in full: {@code dev.weir} and names under it as they are, others under {@code dev.weir} */
    static String full(final String name) {
        return name.equals(ROOT) || name.startsWith(ROOT + ".") ? name : ROOT + "." + name;
    }

    /** @return a package name as a table writes it: relative to {@code dev.weir}, the root as {@code dev.weir} */
    static String relative(final String name) {
        return name.startsWith(ROOT + ".") ? name.substring(ROOT.length() + 1) : name;
    }

    /** @return the cells of a table row, split at bars outside backticks, stripped */
    private static List<String> cells(final String row) {
        final String text = row.strip();
        final List<String> cells = new ArrayList<>();
        final StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 1; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c == '`') {
                quoted = !quoted;
            }
            if (c == '|' && !quoted) {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (!cell.toString().isBlank()) {
            cells.add(cell.toString().strip());
        }
        return cells;
    }

    private static String normalised(final String line) {
        return line.strip().replaceAll("\\s+", " ");
    }

    private String at(final int index) {
        return file + ":" + (index + 1) + ": ";
    }

    /** @return per module, its package table, in the file's order */
    Map<String, Table> tables() {
        return tables;
    }

    /** @return what could not be read, one line each, {@code FILE:LINE: what} */
    List<String> problems() {
        return problems;
    }
}
