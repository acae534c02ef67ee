package dev.weir.offheap;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How the off-heap backend sizes its maps and cache. Immutable; the {@code with*} methods
 * return changed copies. Every number applies per state per operator instance. Without an
 * entry cap ({@link #maxEntries()}) a state grows: its first map is made for
 * {@link #initialEntries()} entries, and when every map holds what it was made for, another of
 * twice the size joins them (docs/state.md, "Sizing and growth").
 */
public final class ChronicleStateConfig {
    /** The setting that caps entries per state per instance; unset, states grow. */
    public static final String MAX_ENTRIES_SETTING = "state.max-entries";
    /** The command-line flag of {@link #MAX_ENTRIES_SETTING}. */
    public static final String MAX_ENTRIES_FLAG = "--state-max-entries";
    /** The setting of the entries the first map of each state is made for. */
    public static final String INITIAL_ENTRIES_SETTING = "state.initial-entries";
    /** The setting of the average serialized value size. */
    public static final String AVERAGE_VALUE_BYTES_SETTING = "state.average-value-bytes";
    /** {@link #maxEntries()} when no cap is set. */
    public static final long UNBOUNDED = Long.MAX_VALUE;

    private static final ChronicleStateConfig DEFAULTS = new ChronicleStateConfig(UNBOUNDED, 100_000, 48, 96, 65_536, null);

    private final long maxEntries;
    private final long initialEntries;
    private final int averageKeyBytes;
    private final int averageValueBytes;
    private final int cacheEntries;
    private final Path stateDirectory;

    private ChronicleStateConfig(final long maxEntries, final long initialEntries, final int averageKeyBytes,
            final int averageValueBytes, final int cacheEntries, final Path stateDirectory) {
        if (maxEntries < 1 || initialEntries < 1 || averageKeyBytes < 1 || averageValueBytes < 1 || cacheEntries < 1) {
            throw new IllegalArgumentException("state sizes must be positive: max entries " + maxEntries
                    + ", initial entries " + initialEntries + ", average key bytes " + averageKeyBytes
                    + ", average value bytes " + averageValueBytes + ", cache entries " + cacheEntries);
        }
        this.maxEntries = maxEntries;
        this.initialEntries = initialEntries;
        this.averageKeyBytes = averageKeyBytes;
        this.averageValueBytes = averageValueBytes;
        this.cacheEntries = cacheEntries;
        this.stateDirectory = stateDirectory;
    }

    /**
     * @return no entry cap (states grow), first maps for 100,000 entries, 48-byte keys, 96-byte
     *     values, a 65,536-entry cache, in memory
     */
    public static ChronicleStateConfig defaults() {
        return DEFAULTS;
    }

    /**
     * The defaults overridden by the system properties {@code weir.state.max-entries},
     * {@code weir.state.initial-entries}, {@code weir.state.average-key-bytes},
     * {@code weir.state.average-value-bytes}, {@code weir.state.cache-entries} and
     * {@code weir.state.dir}, where set.
     *
     * @return the configuration
     * @throws StateSettingException if a size property is set to anything but a positive whole
     *     number in its type's range
     */
    public static ChronicleStateConfig fromSystemProperties() {
        final String dir = System.getProperty("weir.state.dir");
        return new ChronicleStateConfig(
                property("weir." + MAX_ENTRIES_SETTING, DEFAULTS.maxEntries, Long.MAX_VALUE),
                property("weir." + INITIAL_ENTRIES_SETTING, DEFAULTS.initialEntries, Long.MAX_VALUE),
                (int) property("weir.state.average-key-bytes", DEFAULTS.averageKeyBytes, Integer.MAX_VALUE),
                (int) property("weir." + AVERAGE_VALUE_BYTES_SETTING, DEFAULTS.averageValueBytes, Integer.MAX_VALUE),
                (int) property("weir.state.cache-entries", DEFAULTS.cacheEntries, Integer.MAX_VALUE),
                dir == null || dir.isEmpty() ? null : Path.of(dir));
    }

    /** A size property: unset is the default; set, it must be a whole number in 1..max (Long.getLong would ignore garbage). */
    private static long property(final String name, final long defaultValue, final long max) {
        final String text = System.getProperty(name);
        if (text == null) {
            return defaultValue;
        }
        final long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (final NumberFormatException e) {
            throw new StateSettingException(name, "system property " + name + ": not a whole number: '" + text + "'");
        }
        if (value < 1 || value > max) {
            throw new StateSettingException(name, "system property " + name + ": must be in 1.." + max + ", got " + value);
        }
        return value;
    }

    /**
     * @return the most (key, namespace) entries a state of one instance may hold
     *     ({@value #MAX_ENTRIES_SETTING}), or {@link #UNBOUNDED}
     */
    public long maxEntries() {
        return maxEntries;
    }

    /** @return whether {@link #maxEntries()} caps the states; if not, they grow */
    public boolean capped() {
        return maxEntries != UNBOUNDED;
    }

    /** @return the entries the first map of an uncapped state is made for ({@value #INITIAL_ENTRIES_SETTING}) */
    public long initialEntries() {
        return initialEntries;
    }

    /** @return the entries the first map of a state is made for: the cap if there is one, else {@link #initialEntries()} */
    public long firstMapEntries() {
        return capped() ? maxEntries : initialEntries;
    }

    /** @return the expected serialized size of (key group, key, namespace), in bytes */
    public int averageKeyBytes() {
        return averageKeyBytes;
    }

    /** @return the expected serialized size of a value, in bytes */
    public int averageValueBytes() {
        return averageValueBytes;
    }

    /** @return entries of each state kept on the heap in front of its map */
    public int cacheEntries() {
        return cacheEntries;
    }

    /** @return where maps are persisted, or null for maps in memory */
    public Path stateDirectory() {
        return stateDirectory;
    }

    /**
     * @param entries the new {@link #maxEntries()}: a cap, or {@link #UNBOUNDED}
     * @return a changed copy
     */
    public ChronicleStateConfig withMaxEntries(final long entries) {
        return new ChronicleStateConfig(entries, initialEntries, averageKeyBytes, averageValueBytes, cacheEntries, stateDirectory);
    }

    /**
     * @param entries the new {@link #initialEntries()}
     * @return a changed copy
     */
    public ChronicleStateConfig withInitialEntries(final long entries) {
        return new ChronicleStateConfig(maxEntries, entries, averageKeyBytes, averageValueBytes, cacheEntries, stateDirectory);
    }

    /**
     * @param keyBytes the new {@link #averageKeyBytes()}
     * @param valueBytes the new {@link #averageValueBytes()}
     * @return a changed copy
     */
    public ChronicleStateConfig withAverageBytes(final int keyBytes, final int valueBytes) {
        return new ChronicleStateConfig(maxEntries, initialEntries, keyBytes, valueBytes, cacheEntries, stateDirectory);
    }

    /**
     * @param entries the new {@link #cacheEntries()}
     * @return a changed copy
     */
    public ChronicleStateConfig withCacheEntries(final int entries) {
        return new ChronicleStateConfig(maxEntries, initialEntries, averageKeyBytes, averageValueBytes, entries, stateDirectory);
    }

    /**
     * @param directory the new {@link #stateDirectory()}, not null
     * @return a changed copy
     */
    public ChronicleStateConfig withStateDirectory(final Path directory) {
        return new ChronicleStateConfig(maxEntries, initialEntries, averageKeyBytes, averageValueBytes, cacheEntries,
                Objects.requireNonNull(directory, "directory"));
    }

    @Override
    public String toString() {
        return (capped() ? MAX_ENTRIES_SETTING + "=" + maxEntries : INITIAL_ENTRIES_SETTING + "=" + initialEntries + " (growing)")
                + ", average key/value bytes " + averageKeyBytes + "/" + averageValueBytes + ", cache entries " + cacheEntries
                + (stateDirectory == null ? ", in memory" : ", persisted under " + stateDirectory);
    }
}
