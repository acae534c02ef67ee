package dev.weir.tools.engine;

import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --engine NAME}, shared by {@code weir run}, {@code weir scenario} and {@code weir replay}: {@code weir} (the
 * default) runs the job on Weir, any other name on the {@link ExecutionEngine} of that name,
 * with the options it cannot honour refused as usage errors.
 */
public final class EngineOption {
    /** The engine name of Weir itself. */
    public static final String WEIR = "weir";

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = WEIR,
            description = {"weir (default): run on Weir;", "flink: run on Apache Flink 2.1 (docs/flink.md)."})
    private String name;

    /** @return true when the job runs on Weir */
    public boolean isWeir() {
        return WEIR.equals(name);
    }

    /** @return the engine's name */
    public String name() {
        return name;
    }

    /**
     * @return the engine {@code --engine} names, other than Weir
     * @throws EngineUnavailableException if no module on the class path provides it
     */
    public ExecutionEngine engine() {
        for (final ExecutionEngine engine : ServiceLoader.load(ExecutionEngine.class)) {
            if (engine.name().equals(name)) {
                return engine;
            }
        }
        throw new EngineUnavailableException(name);
    }

    /**
     * Refuses options the engine in use cannot honour.
     *
     * @param options the option names; those given on the command line are refused
     * @throws CommandLine.ParameterException naming the first option given
     */
    public void refuse(final String... options) {
        final CommandLine.ParseResult given = spec.commandLine().getParseResult();
        for (final String option : options) {
            if (given.hasMatchedOption(option)) {
                throw new CommandLine.ParameterException(spec.commandLine(), spelling(given, option) + (isWeir()
                        ? " needs --engine flink" : " is not honoured with --engine " + name + ": " + reasonOf(option)));
            }
        }
    }

    /** The option as the command line gave it: {@code --no-progress} for the negated {@code --progress}. */
    private static String spelling(final CommandLine.ParseResult given, final String option) {
        final String negated = "--no-" + option.substring(2);
        for (final String argument : given.originalArgs()) {
            if (argument.equals(negated) || argument.startsWith(negated + "=")) {
                return negated;
            }
        }
        return option;
    }

    /** @throws CommandLine.ParameterException if the name is neither weir nor an engine's that may be installed */
    public void check() {
        if (!isWeir() && !"flink".equals(name)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--engine must be weir or flink, got '" + name + "'");
        }
    }

    private static String reasonOf(final String option) {
        switch (option) {
            case "--state":
            case "--state-dir":
            case "--state-max-entries":
            case "--state-initial-entries":
                return "window state lives in Flink's state backend";
            case "--restore":
                return "Flink cannot read Weir checkpoints";
            case "--fresh":
                return "Flink keeps each job's checkpoints in a directory of its own under --checkpoint-dir";
            case "--max-rate":
                return "the Flink job reads as fast as it can";
            case "--progress":
                return "Flink's job has no progress line";
            case "--runtime":
                return "the scenario runs on a local Flink MiniCluster";
            case "--pace":
                return "the Flink job reads the captures as fast as it can";
            case "--port":
            case "--address":
            case "--skip-bad":
                return "the Flink job replays every datagram of the captures, and a fault in one fails it";
            case "--job":
                return "a job file replays on Weir; weir run --engine flink runs one over record files";
            default:
                return "Weir-only";
        }
    }
}
