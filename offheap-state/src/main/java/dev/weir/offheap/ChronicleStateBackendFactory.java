package dev.weir.offheap;

import dev.weir.state.BackendSettingException;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackendFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * {@code chronicle}: makes the off-heap backend the default of pipelines when this module is on the class path
 * (registered in {@code META-INF/services}); configured from system properties
 * ({@link ChronicleStateConfig#fromSystemProperties()}), then from the settings {@value #DIR_SETTING},
 * {@value ChronicleStateConfig#MAX_ENTRIES_SETTING} and {@value ChronicleStateConfig#INITIAL_ENTRIES_SETTING} where
 * given (a command line's {@code --state-dir}, {@code --state-max-entries} and {@code --state-initial-entries}).
 */
public final class ChronicleStateBackendFactory implements StateBackendFactory {
    /** The setting of the directory the maps are kept in, as files recreated at start. */
    public static final String DIR_SETTING = "state.dir";
    /**
     * The most entries a setting sizes a map for: a Chronicle map reserves its full size up front (about 200 bytes
     * an entry by default), so a larger count fails to allocate.
     */
    public static final long MAX_ENTRIES = 100_000_000L;

    private static final Set<String> SETTINGS = Set.of(DIR_SETTING, ChronicleStateConfig.MAX_ENTRIES_SETTING,
            ChronicleStateConfig.INITIAL_ENTRIES_SETTING);

    @Override
    public String name() {
        return "chronicle";
    }

    @Override
    public StateBackend createBackend() {
        return new ChronicleStateBackend(ChronicleStateConfig.fromSystemProperties());
    }

    @Override
    public int priority() {
        return 10;
    }

    @Override
    public Set<String> settings() {
        return SETTINGS;
    }

    /**
     * {@inheritDoc} The sizes are whole numbers in 1..{@value #MAX_ENTRIES}; the directory may be missing, not a file.
     * Checked in this order: the cap, the first map's size, the directory.
     */
    @Override
    public StateBackend createBackend(final Map<String, String> settings) {
        for (final String setting : settings.keySet()) {
            if (!SETTINGS.contains(setting)) {
                throw new BackendSettingException(setting, "is not a setting of the " + name() + " state backend");
            }
        }
        ChronicleStateConfig config = ChronicleStateConfig.fromSystemProperties();
        final String maxEntries = settings.get(ChronicleStateConfig.MAX_ENTRIES_SETTING);
        if (maxEntries != null) {
            config = config.withMaxEntries(entries(ChronicleStateConfig.MAX_ENTRIES_SETTING, maxEntries));
        }
        final String initialEntries = settings.get(ChronicleStateConfig.INITIAL_ENTRIES_SETTING);
        if (initialEntries != null) {
            config = config.withInitialEntries(entries(ChronicleStateConfig.INITIAL_ENTRIES_SETTING, initialEntries));
        }
        final String dir = settings.get(DIR_SETTING);
        if (dir != null) {
            final Path directory = Path.of(dir);
            if (Files.exists(directory) && !Files.isDirectory(directory)) {
                throw new BackendSettingException(DIR_SETTING, directory + " is a file, not a directory");
            }
            config = config.withStateDirectory(directory);
        }
        return new ChronicleStateBackend(config);
    }

    private static long entries(final String setting, final String text) {
        final long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (final NumberFormatException e) {
            throw new BackendSettingException(setting, "must be a whole number, got '" + text + "'");
        }
        if (value < 1 || value > MAX_ENTRIES) {
            throw new BackendSettingException(setting, "must be in 1.." + MAX_ENTRIES + ", got " + value);
        }
        return value;
    }
}
