package dev.weir.tools.cli;

import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The state backend options shared by the commands that run pipelines: {@code --state},
 * {@code --state-dir}, {@code --state-max-entries} and {@code --state-initial-entries}.
 */
public final class StateOptions {
    /**
     * The most entries {@code --state-max-entries} and {@code --state-initial-entries} take: a
     * Chronicle map reserves its full size up front (about 200 bytes an entry by default), so a
     * larger count fails to allocate.
     */
    public static final long MAX_ENTRIES = 100_000_000L;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--state", paramLabel = "BACKEND", defaultValue = "chronicle", converter = StateKindConverter.class,
            description = {"Where keyed window state lives: chronicle (default): off-heap in Chronicle Map;",
                "heap: on the Java heap (docs/state.md)."})
    private StateKind kind;

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Chronicle only: keep the state maps in files under DIR (recreated at start).")
    private Path directory;

    @Option(names = "--state-max-entries", paramLabel = "N",
            description = "Chronicle only: cap the entries each state of each operator instance may hold; a run that"
                    + " needs more stops with an error (default: no cap, states grow; at most 100000000).")
    private Long maxEntries;

    @Option(names = "--state-initial-entries", paramLabel = "N",
            description = "Chronicle only: entries the first map of each state is sized for; a state that outgrows it"
                    + " adds maps of twice the size (default 100000, at most 100000000).")
    private Long initialEntries;

    /**
     * @return the backend the options name
     * @throws CommandLine.ParameterException if a Chronicle-only option comes with the heap backend,
     *     a number is out of range or {@code --state-dir} is a file
     */
    public StateBackend backend() {
        if (kind == StateKind.HEAP) {
            final String chronicleOnly = directory != null ? "--state-dir" : maxEntries != null ? "--state-max-entries"
                    : initialEntries != null ? "--state-initial-entries" : null;
            if (chronicleOnly != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), chronicleOnly + " needs --state chronicle");
            }
            return HeapStateBackend.INSTANCE;
        }
        ChronicleStateConfig config = ChronicleStateConfig.fromSystemProperties();
        if (maxEntries != null) {
            config = config.withMaxEntries(entries("--state-max-entries", maxEntries));
        }
        if (initialEntries != null) {
            config = config.withInitialEntries(entries("--state-initial-entries", initialEntries));
        }
        if (directory != null) {
            if (Files.exists(directory) && !Files.isDirectory(directory)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--state-dir " + directory + " is a file, not a directory");
            }
            config = config.withStateDirectory(directory);
        }
        return new ChronicleStateBackend(config);
    }

    private long entries(final String option, final long value) {
        if (value < 1 || value > MAX_ENTRIES) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    option + " must be in 1.." + MAX_ENTRIES + ", got " + value);
        }
        return value;
    }

    /** Parses {@code --state}; an unknown name is a usage error that lists the valid ones. */
    static final class StateKindConverter implements CommandLine.ITypeConverter<StateKind> {
        @Override
        public StateKind convert(final String value) {
            try {
                return StateKind.of(value);
            } catch (final IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
