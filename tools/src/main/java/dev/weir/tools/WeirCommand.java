package dev.weir.tools;

import dev.weir.tools.bench.BenchCommand;
import dev.weir.tools.cli.StandardOutput;
import dev.weir.tools.cli.WeirVersion;
import dev.weir.tools.cli.WholeNumberConverter;
import dev.weir.tools.generate.GenerateCommand;
import dev.weir.tools.inspect.InspectCommand;
import dev.weir.tools.replay.ReplayCommand;
import dev.weir.tools.run.RunCommand;
import dev.weir.tools.scenario.ScenarioCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code weir} command line. */
@Command(
        name = "weir",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        description = "Weir: a low-latency event-time stream engine with Apache Flink's event-time semantics.",
        subcommands = {ScenarioCommand.class, RunCommand.class, ReplayCommand.class, InspectCommand.class, GenerateCommand.class,
            BenchCommand.class},
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
        final CommandLine commandLine = new CommandLine(new WeirCommand());
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
