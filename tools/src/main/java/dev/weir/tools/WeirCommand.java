package dev.weir.tools;

import dev.weir.engines.command.CommandContribution;
import dev.weir.tools.cli.StandardOutput;
import dev.weir.tools.cli.WeirVersion;
import dev.weir.tools.cli.WholeNumberConverter;
import dev.weir.tools.generate.GenerateCommand;
import dev.weir.tools.inspect.InspectCommand;
import dev.weir.tools.replay.ReplayCommand;
import dev.weir.tools.run.RunCommand;
import dev.weir.tools.scenario.ScenarioCommand;
import java.util.List;
import java.util.ServiceLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code weir} command line: its own commands, then those other modules contribute on the class path
 * ({@link CommandContribution}, found with {@link ServiceLoader}), such as the perf module's {@code weir bench}; without
 * perf, {@code bench} is a {@link BenchUnavailable} that says how to get it.
 */
@Command(
        name = "weir",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        description = "Weir: a low-latency event-time stream engine with Apache Flink's event-time semantics.",
        subcommands = {ScenarioCommand.class, RunCommand.class, ReplayCommand.class, InspectCommand.class, GenerateCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:the pipeline failed",
            "2:bad input: an unknown option, a bad job, element, record or capture file, or a checkpoint directory in use",
            "141:standard output was closed by its reader (| head), as a Unix tool ended by SIGPIPE"
        })
public final class WeirCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (try 'weir --help')");
    }

    /**
     * @param args the command line
     */
    public static void main(final String[] args) {
        StandardOutput.useFileDescriptor();
        System.exit(execute(args));
    }

    /**
     * Runs the command line without exiting, for tests.
     *
     * @param args the command line
     * @return the exit code
     */
    public static int execute(final String... args) {
        LogLines.install();
        final CommandLine commandLine = commandLine();
        final UsageErrorHandler usageErrors = new UsageErrorHandler();
        commandLine.setParameterExceptionHandler(usageErrors);
        commandLine.setExecutionExceptionHandler(new FailureHandler());
        WholeNumberConverter.registerOn(commandLine);
        final String unknown = unknownCommand(commandLine, args);
        if (unknown != null) {
            return usageErrors.handleParseException(new CommandLine.ParameterException(commandLine, "unknown command '" + unknown
                    + "' (commands: " + String.join(", ", commandLine.getSubcommands().keySet()) + ")"), args);
        }
        return commandLine.execute(args);
    }

    /**
     * The command line's commands and options, without its handlers: its own commands, then the contributed ones found
     * on the class path in the order found, then {@code bench} as a {@link BenchUnavailable} if no module contributed it.
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        return commandLine(ServiceLoader.load(CommandContribution.class, WeirCommand.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList());
    }

    /**
     * @param contributions the commands other modules contribute
     * @return a new command line with those commands, each with the version line of {@code weir --version}
     */
    static CommandLine commandLine(final List<CommandContribution> contributions) {
        final CommandLine commandLine = new CommandLine(new WeirCommand());
        for (final CommandContribution contribution : contributions) {
            commandLine.addSubcommand(contribution.name(), contribution.command());
            commandLine.getSubcommands().get(contribution.name()).getCommandSpec().versionProvider(new WeirVersion());
        }
        if (!commandLine.getSubcommands().containsKey(BenchUnavailable.NAME)) {
            commandLine.addSubcommand(new BenchUnavailable());
        }
        return commandLine;
    }

    /**
     * The command named, if no command has that name: an unknown command is a usage error whatever follows it, even
     * {@code --help}, which picocli would otherwise answer with the general help.
     *
     * @return the first argument that is not an option, if it names no command; else null
     */
    private static String unknownCommand(final CommandLine commandLine, final String[] args) {
        for (final String arg : args) {
            if (arg.equals("--")) {
                return null;
            }
            if (!arg.startsWith("-")) {
                return commandLine.getSubcommands().containsKey(arg) ? null : arg;
            }
        }
        return null;
    }
}
