package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The help texts: {@code weir --help} lists every command with a complete one-line sentence,
 * every description is a sentence, and no help line breaks a word, a file name or an option
 * across lines.
 */
class HelpTextTest {
    private static final CommandSpec WEIR = WeirCommand.commandLine().getCommandSpec();

    @Test
    void weirHelpListsEachCommandWithItsCompleteFirstSentenceOnOneLine() {
        final CommandRun help = CommandRun.of("--help");
        assertEquals(0, help.exitCode(), help::describe);
        final List<String> lines = help.outLines();
        final int commands = lines.indexOf("Commands:");
        assertTrue(commands > 0, help::describe);

        final List<String> listed = new ArrayList<>();
        for (final String line : lines.subList(commands + 1, lines.size())) {
            if (line.isBlank()) {
                break;
            }
            listed.add(line);
        }
        assertEquals(List.of("scenario", "run", "replay", "inspect", "generate", "bench"), new ArrayList<>(WEIR.subcommands().keySet()));
        assertEquals(WEIR.subcommands().size(), listed.size(), "one line per command, no continuation lines: " + listed);
        for (final String line : listed) {
            final String name = line.trim().split(" +", 2)[0];
            final String summary = line.trim().split(" +", 2)[1];
            final CommandSpec command = WEIR.subcommands().get(name).getCommandSpec();
            assertEquals(command.usageMessage().description()[0], summary, line);
            assertTrue(summary.endsWith("."), "a complete sentence: " + line);
        }
    }

    @Test
    void everyDescriptionOfEveryCommandAndOptionIsASentence() {
        for (final CommandSpec command : commands()) {
            final String[] paragraphs = command.usageMessage().description();
            assertTrue(paragraphs.length > 0, command.qualifiedName());
            for (final String paragraph : paragraphs) {
                assertTrue(paragraph.endsWith("."), command.qualifiedName() + ": " + paragraph);
            }
            for (final ArgSpec arg : args(command)) {
                final String[] description = arg.description();
                assertTrue(description.length > 0, command.qualifiedName() + " " + arg.paramLabel());
                final String last = description[description.length - 1];
                assertTrue(last.endsWith("."), command.qualifiedName() + " " + name(arg) + ": " + last);
            }
        }
    }

    @Test
    void noHelpLineEndsInTheMiddleOfAWordAFileNameOrAnOption() {
        for (final CommandSpec command : commands()) {
            final List<String> args = new ArrayList<>(List.of(command.qualifiedName().split(" ")));
            args.remove(0);
            args.add("--help");
            final CommandRun help = CommandRun.of(args.toArray(new String[0]));
            assertEquals(0, help.exitCode(), help::describe);
            final Set<String> words = declaredWords(command);
            final List<String> lines = help.outLines();
            for (int i = 0; i + 1 < lines.size(); i++) {
                final String end = lastWord(lines.get(i));
                final String start = firstWord(lines.get(i + 1));
                if (end.isEmpty() || start.isEmpty() || words.contains(end)) {
                    continue;
                }
                assertFalse(words.contains(end + start),
                        command.qualifiedName() + " --help breaks '" + end + start + "' after line " + (i + 1) + ":\n" + help.out());
            }
        }
    }

    @Test
    void runHelpShowsTheJobAndRecordFileLabelsWhole() {
        final CommandRun help = CommandRun.of("run", "--help");

        assertEquals(0, help.exitCode(), help::describe);
        assertEquals("Usage: weir run [OPTIONS] JOB.yaml RECORDS.csv...", help.outLines().get(0));
        assertEquals("   or: weir run [OPTIONS] --job JOB.yaml --left FILE... --right FILE...", help.outLines().get(1));
        assertTrue(help.outLines().stream().anyMatch(line -> line.trim().startsWith("[JOB.yaml RECORDS.csv...]")), help::describe);
        assertFalse(help.out().contains("JOB.\n"), help::describe);
    }

    /** Every word a command declares (descriptions, labels, option names as printed): what the help text may not split. */
    private static Set<String> declaredWords(final CommandSpec command) {
        final Set<String> words = new HashSet<>();
        for (final String paragraph : command.usageMessage().description()) {
            words.addAll(List.of(paragraph.split("\\s+")));
        }
        for (final ArgSpec arg : args(command)) {
            for (final String line : arg.description()) {
                words.addAll(List.of(line.split("\\s+")));
            }
            words.add(arg.paramLabel());
            words.add(arg.paramLabel() + "...");
            if (arg instanceof OptionSpec) {
                for (final String name : ((OptionSpec) arg).names()) {
                    words.add(name);
                    words.add(name + ",");
                    words.add(name + "=" + arg.paramLabel());
                    words.add("[" + name + "=" + arg.paramLabel() + "]");
                }
            }
        }
        return words;
    }

    private static List<CommandSpec> commands() {
        final List<CommandSpec> commands = new ArrayList<>();
        addWithSubcommands(WEIR, commands);
        return commands;
    }

    private static void addWithSubcommands(final CommandSpec command, final List<CommandSpec> commands) {
        commands.add(command);
        for (final CommandLine sub : command.subcommands().values()) {
            addWithSubcommands(sub.getCommandSpec(), commands);
        }
    }

    private static List<ArgSpec> args(final CommandSpec command) {
        final List<ArgSpec> args = new ArrayList<>(command.options());
        for (final PositionalParamSpec positional : command.positionalParameters()) {
            args.add(positional);
        }
        return args;
    }

    private static String name(final ArgSpec arg) {
        return arg instanceof OptionSpec ? ((OptionSpec) arg).longestName() : arg.paramLabel();
    }

    private static String lastWord(final String line) {
        final String trimmed = line.trim();
        return trimmed.isEmpty() ? "" : trimmed.substring(trimmed.lastIndexOf(' ') + 1);
    }

    private static String firstWord(final String line) {
        final String trimmed = line.trim();
        final int space = trimmed.indexOf(' ');
        return space < 0 ? trimmed : trimmed.substring(0, space);
    }
}
