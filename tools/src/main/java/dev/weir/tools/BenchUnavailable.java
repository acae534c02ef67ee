package dev.weir.tools;

import dev.weir.tools.cli.ExitCodes;
import dev.weir.tools.cli.WeirVersion;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine;

/**
 * {@code weir bench} when the perf module, which contributes it, is not on the class path (as in {@code weir.jar}
 * alone): its help and its one-line usage error say how to get it, {@code ./weir bench}, which adds perf's jar. Takes
 * any arguments and runs nothing: exit code 2.
 */
@Command(
        name = BenchUnavailable.NAME,
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        description = {
            "Benchmarks a named pipeline; needs perf, which ./weir bench adds.",
            "This class path has no perf module: run ./weir bench from the repository, which builds perf/target/weir-perf.jar when"
                    + " needed and adds it, or add that jar after weir.jar (java -cp weir.jar:weir-perf.jar dev.weir.tools.WeirCommand"
                    + " bench ...)."
        })
final class BenchUnavailable implements Callable<Integer> {
    /** The command's name, that of the perf module's command. */
    static final String NAME = "bench";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Unmatched
    private List<String> arguments;

    @Override
    public Integer call() {
        final PrintWriter err = spec.commandLine().getErr();
        err.println("weir bench: this class path has no perf module, which holds the benchmark: run ./weir bench from the repository,"
                + " which adds perf/target/weir-perf.jar, or add that jar after weir.jar on the class path (see weir bench --help)");
        err.flush();
        return ExitCodes.BAD_INPUT;
    }
}
