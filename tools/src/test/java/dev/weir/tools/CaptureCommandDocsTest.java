package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The capture commands, {@code weir run} and {@code weir bench} agree with their pages: every option {@code weir run},
 * {@code weir replay}, {@code weir inspect}, {@code weir generate itch|statsd} and {@code weir bench} take is named in the section of the page that documents the command's options,
 * and every option that section's table gives a row to (for this command, where the table has a "for" column) is one
 * the command takes.
 */
class CaptureCommandDocsTest {
    private static final String REPO_ROOT_PROPERTY = "weir.repo.root";
    /** Options every command has, documented once for all in the CLI's own help. */
    private static final Set<String> STANDARD = Set.of("--help", "--version");
    /** A table row: its cells, split at the {@code |} that are not escaped as {@code \|}. */
    private static final Pattern TABLE_ROW = Pattern.compile("^\\|(.*)\\|$", Pattern.MULTILINE);
    private static final Pattern CELL_SEPARATOR = Pattern.compile("(?<!\\\\)\\|");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--[a-z][a-z-]*)");

    @ParameterizedTest(name = "weir {0} in {1}, {2}")
    @CsvSource({
        "run, docs/run.md, ## Options, ## Errors",
        "replay, docs/replay.md, ## Running a replay, ## Capture formats",
        "inspect, docs/inspect.md, ## Options, ## Example",
        "generate itch, docs/replay.md, ### Options, ### The frames",
        "generate statsd, docs/replay.md, ### Options, ### The frames",
        "bench, docs/performance.md, ### Options of `weir bench`, ### What `weir bench` writes",
    })
    void everyOptionIsDocumentedAndEveryDocumentedOptionExists(final String command, final String file, final String from,
            final String to) throws IOException {
        final CommandSpec spec = spec(command);
        final String page = Files.readString(Path.of(repositoryRoot(), file), StandardCharsets.UTF_8);
        final int start = page.indexOf(from);
        final int end = page.indexOf(to, start);
        assertTrue(start >= 0 && end > start, file + " has the section '" + from + "' before '" + to + "'");
        final String section = page.substring(start, end);

        final Set<String> named = new TreeSet<>();
        final Matcher anywhere = OPTION.matcher(section);
        while (anywhere.find()) {
            named.add(anywhere.group(1));
        }
        final Set<String> taken = new TreeSet<>();
        final List<String> undocumented = new ArrayList<>();
        for (final OptionSpec option : spec.options()) {
            for (final String name : option.names()) {
                taken.add(name);
                if (option.negatable()) {
                    taken.add("--no-" + name.substring(2));
                }
            }
            if (!STANDARD.contains(option.longestName()) && !named.contains(option.longestName())) {
                undocumented.add(option.longestName());
            }
        }
        assertEquals(List.of(), undocumented, "options of weir " + command + " that " + file + " does not name in '" + from + "'");

        // the options a table row is about: those in its first cell, if its "for" cell (if any) names this command
        final String subcommand = spec.name();
        final Set<String> inTables = new TreeSet<>();
        final Matcher row = TABLE_ROW.matcher(section);
        while (row.find()) {
            final String[] cells = CELL_SEPARATOR.split(row.group(1));
            final String applies = cells.length > 2 ? cells[1].trim() : "both";
            if (applies.equals("both") || applies.equals("`" + subcommand + "`")) {
                final Matcher option = OPTION.matcher(cells[0]);
                while (option.find()) {
                    inTables.add(option.group(1));
                }
            }
        }
        assertTrue(inTables.size() >= 4, "the section's table names the options: " + inTables);
        inTables.removeAll(taken);
        assertEquals(Set.of(), inTables, "options in the table of " + file + " that weir " + command + " does not take");
    }

    private static CommandSpec spec(final String command) {
        CommandLine line = WeirCommand.commandLine();
        for (final String name : command.split(" ")) {
            line = line.getSubcommands().get(name);
        }
        return line.getCommandSpec();
    }

    private static String repositoryRoot() {
        final String root = System.getProperty(REPO_ROOT_PROPERTY);
        assertTrue(root != null && Files.isDirectory(Path.of(root)), () -> "system property " + REPO_ROOT_PROPERTY + " must name the repository's root, got " + root);
        return root;
    }
}
