package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ChronicleStateConfig#fromSystemProperties()} takes each {@code weir.state.*} size that
 * is a positive whole number in range, and refuses any other value by name instead of silently
 * using the default.
 */
class StateSettingPropertiesTest {
    private static final List<String> PROPERTIES = List.of("weir.state.max-entries", "weir.state.initial-entries",
            "weir.state.average-key-bytes", "weir.state.average-value-bytes", "weir.state.cache-entries");

    @AfterEach
    void clearProperties() {
        PROPERTIES.forEach(System::clearProperty);
    }

    @Test
    void unsetPropertiesGiveTheDefaults() {
        final ChronicleStateConfig config = ChronicleStateConfig.fromSystemProperties();
        assertEquals(ChronicleStateConfig.UNBOUNDED, config.maxEntries());
        assertEquals(100_000, config.initialEntries());
        assertEquals(48, config.averageKeyBytes());
        assertEquals(96, config.averageValueBytes());
        assertEquals(65_536, config.cacheEntries());
    }

    @Test
    void validPropertiesAreTaken() {
        System.setProperty("weir.state.max-entries", "5000");
        System.setProperty("weir.state.initial-entries", " 2000 ");
        System.setProperty("weir.state.average-key-bytes", "32");
        System.setProperty("weir.state.average-value-bytes", "2147483647");
        System.setProperty("weir.state.cache-entries", "1");
        final ChronicleStateConfig config = ChronicleStateConfig.fromSystemProperties();
        assertEquals(5_000, config.maxEntries());
        assertEquals(2_000, config.initialEntries());
        assertEquals(32, config.averageKeyBytes());
        assertEquals(Integer.MAX_VALUE, config.averageValueBytes());
        assertEquals(1, config.cacheEntries());
    }

    @Test
    void valuesThatAreNotWholeNumbersAreRefusedByName() {
        for (final String property : PROPERTIES) {
            for (final String value : List.of("64k", "1e5", "", "12.0", "0x10", "99999999999999999999")) {
                System.setProperty(property, value);
                final StateSettingException error = assertThrows(StateSettingException.class,
                        ChronicleStateConfig::fromSystemProperties, property + "=" + value);
                assertEquals(property, error.property());
                assertEquals("system property " + property + ": not a whole number: '" + value + "'", error.getMessage());
                System.clearProperty(property);
            }
        }
    }

    @Test
    void valuesOutOfRangeAreRefusedByName() {
        final Map<String, Long> max = Map.of("weir.state.max-entries", Long.MAX_VALUE,
                "weir.state.initial-entries", Long.MAX_VALUE,
                "weir.state.average-key-bytes", (long) Integer.MAX_VALUE,
                "weir.state.average-value-bytes", (long) Integer.MAX_VALUE,
                "weir.state.cache-entries", (long) Integer.MAX_VALUE);
        for (final String property : PROPERTIES) {
            final List<String> values = max.get(property) == Integer.MAX_VALUE
                    ? List.of("0", "-5", "2147483648") : List.of("0", "-5", "-9223372036854775808");
            for (final String value : values) {
                System.setProperty(property, value);
                final StateSettingException error = assertThrows(StateSettingException.class,
                        ChronicleStateConfig::fromSystemProperties, property + "=" + value);
                assertEquals("system property " + property + ": must be in 1.." + max.get(property) + ", got " + value,
                        error.getMessage());
                System.clearProperty(property);
            }
        }
    }
}
