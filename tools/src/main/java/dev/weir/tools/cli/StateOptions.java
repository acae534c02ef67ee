package dev.weir.tools.cli;

import dev.weir.state.BackendSettingException;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackendFactory;
import dev.weir.state.StateBackends;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The state backend options shared by the commands that run pipelines: {@code --state NAME}, resolved through
 * {@link StateBackends} (the backends on the class path and the built-in {@code heap}), and the options that are
 * settings of a backend's factory: {@code --state-dir}, {@code --state-max-entries} and
 * {@code --state-initial-entries}. A setting the chosen backend does not take is a usage error that names the
 * backends that do; a value the factory refuses is one that names the option.
 */
public final class StateOptions {
    /** The factory setting of {@code --state-dir}. */
    private static final String DIR_SETTING = "state.dir";
    /** The factory setting of {@code --state-max-entries}. */
    private static final String MAX_ENTRIES_SETTING = "state.max-entries";
    /** The factory setting of {@code --state-initial-entries}. */
    private static final String INITIAL_ENTRIES_SETTING = "state.initial-entries";

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--state", paramLabel = "BACKEND", converter = BackendNameConverter.class,
            description = {"Where keyed window state lives: chronicle (default): off-heap in Chronicle Map;",
                "heap: on the Java heap (docs/state.md)."})
    private String name;

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
     * @return a new backend of the factory {@code --state} names (without it, {@link StateBackends#preferred()}),
     *     given the settings of the options set
     * @throws CommandLine.ParameterException if the backend does not take a setting whose option is given, or its
     *     factory refuses a value
     */
    public StateBackend backend() {
        final StateBackendFactory factory = name != null ? StateBackends.factory(name) : StateBackends.preferred();
        final Map<String, String> options = new LinkedHashMap<>();
        final Map<String, String> settings = new LinkedHashMap<>();
        setting(factory, options, settings, "--state-dir", DIR_SETTING, directory);
        setting(factory, options, settings, "--state-max-entries", MAX_ENTRIES_SETTING, maxEntries);
        setting(factory, options, settings, "--state-initial-entries", INITIAL_ENTRIES_SETTING, initialEntries);
        try {
            return factory.createBackend(settings);
        } catch (final BackendSettingException refused) {
            final String option = options.get(refused.setting());
            if (option == null) {
                throw refused;
            }
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + refused.problem());
        }
    }

    private void setting(final StateBackendFactory factory, final Map<String, String> options, final Map<String, String> settings,
            final String option, final String setting, final Object value) {
        if (value == null) {
            return;
        }
        if (!factory.settings().contains(setting)) {
            final StringJoiner takers = new StringJoiner(" or ");
            for (final StateBackendFactory other : StateBackends.factories()) {
                if (other.settings().contains(setting)) {
                    takers.add("--state " + other.name());
                }
            }
            throw new CommandLine.ParameterException(spec.commandLine(), option + (takers.length() > 0 ? " needs " + takers
                    : " is a setting of no state backend on the class path"));
        }
        options.put(setting, option);
        settings.put(setting, value.toString());
    }

    /** Parses {@code --state}; a name of no backend is a usage error that lists the valid ones. */
    static final class BackendNameConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(final String value) {
            try {
                return StateBackends.factory(value).name();
            } catch (final IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
