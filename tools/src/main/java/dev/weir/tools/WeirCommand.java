package dev.weir.tools;

import dev.weir.tools.bench.BenchCommand;
import dev.weir.tools.generate.GenerateCommand;
import dev.weir.tools.inspect.InspectCommand;
import dev.weir.tools.replay.ReplayCommand;
import dev.weir.tools.run.RunCommand;
import dev.weir.tools.scenario.ScenarioCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

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
        final CommandLine commandLine = new CommandLine(new WeirCommand());
        commandLine.setParameterExceptionHandler(new UsageErrorHandler());
        commandLine.setExecutionExceptionHandler(new FailureHandler());
        return commandLine.execute(args);
    }
}
