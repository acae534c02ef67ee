package dev.weir.tools;

import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The state backend options shared by the commands that run pipelines: {@code --state},
 * {@code --state-dir} and {@code --state-max-entries}.
 */
public final class StateOptions {
    /**
     * The most entries {@code --state-max-entries} takes: a Chronicle map reserves its full size
     * up front (about 200 bytes an entry by default), so a larger count fails to allocate.
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
            description = "Chronicle only: entries each state of each operator instance may hold (default 100000, at most 100000000).")
    private Long maxEntries;

    /**
     * @return the backend the options name
     * @throws CommandLine.ParameterException if a Chronicle-only option comes with the heap backend
     *     or a number is out of range
     */
    public StateBackend backend() {
        if (kind == StateKind.HEAP) {
            if (directory != null || maxEntries != null) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        (directory != null ? "--state-dir" : "--state-max-entries") + " needs --state chronicle");
            }
            return HeapStateBackend.INSTANCE;
        }
        ChronicleStateConfig config = ChronicleStateConfig.fromSystemProperties();
        if (maxEntries != null) {
            if (maxEntries < 1 || maxEntries > MAX_ENTRIES) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--state-max-entries must be in 1.." + MAX_ENTRIES + ", got " + maxEntries);
            }
            config = config.withMaxEntries(maxEntries);
        }
        if (directory != null) {
            config = config.withStateDirectory(directory);
        }
        return new ChronicleStateBackend(config);
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
