package dev.weir.tools.engine;

import dev.weir.engines.ExecutionEngine;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --engine NAME}, shared by {@code weir run}, {@code weir scenario} and {@code weir replay}: {@code weir} (the
 * default) runs the job on Weir, any other name on the {@link ExecutionEngine} of that name found on the class path
 * ({@link EngineNames}), with the options it cannot honour refused as usage errors in the engine's own words.
 */
public final class EngineOption {
    /** The engine name of Weir itself. */
    public static final String WEIR = "weir";

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = WEIR, completionCandidates = EngineNames.class,
            description = {"Where the job runs: ${COMPLETION-CANDIDATES} (weir, the default, and each engine on the class path).",
                "The ./weir launcher adds the flink-runner module for --engine flink (docs/flink.md)."})
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
        final ExecutionEngine engine = EngineNames.named(name);
        if (engine == null) {
            throw new EngineUnavailableException(name, EngineNames.names());
        }
        return engine;
    }

    /**
     * Refuses the options the engine in use, other than Weir, cannot honour, with the engine's reason
     * ({@link ExecutionEngine#refusal}).
     *
     * @param options the option names; those given on the command line are refused
     * @throws CommandLine.ParameterException naming the first option given
     * @throws EngineUnavailableException if no module on the class path provides the engine
     */
    public void refuse(final String... options) {
        final CommandLine.ParseResult given = spec.commandLine().getParseResult();
        for (final String option : options) {
            if (given.hasMatchedOption(option)) {
                throw new CommandLine.ParameterException(spec.commandLine(), spelling(given, option) + " is not honoured with --engine "
                        + name + ": " + engine().refusal(option));
            }
        }
    }

    /**
     * Refuses, on Weir, the options only another engine takes.
     *
     * @param engineName the engine the options are for
     * @param options the option names; those given on the command line are refused
     * @throws CommandLine.ParameterException naming the first option given and the engine it needs
     */
    public void refuseOnWeir(final String engineName, final String... options) {
        final CommandLine.ParseResult given = spec.commandLine().getParseResult();
        for (final String option : options) {
            if (given.hasMatchedOption(option)) {
                throw new CommandLine.ParameterException(spec.commandLine(), spelling(given, option) + " needs --engine " + engineName);
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

    /** @throws EngineUnavailableException if the name is neither weir nor that of an engine on the class path */
    public void check() {
        if (!isWeir()) {
            engine();
        }
    }
}
