package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Options parse as {@code --name=value}, fall back to defaults, and name what is wrong. */
final class BenchmarkOptionsTest {
    @Test
    void givenOptionsOverrideDefaults() {
        final BenchmarkOptions options = BenchmarkOptions.parse(new String[] {"--rate=2_000_000", "--idle=YIELD"}, "rate", "idle", "keys");
        assertEquals(2_000_000, options.longValue("rate", 1));
        assertEquals("YIELD", options.stringValue("idle", "BUSY_SPIN"));
        assertEquals(1_000, options.longValue("keys", 1_000));
    }

    @Test
    void anUnknownOptionIsNamed() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkOptions.parse(new String[] {"--rat=5"}, "rate"));
        assertTrue(error.getMessage().contains("--rat"), error.getMessage());
    }

    @Test
    void aMalformedArgumentOrNumberIsNamed() {
        assertThrows(IllegalArgumentException.class, () -> BenchmarkOptions.parse(new String[] {"rate=5"}, "rate"));
        final BenchmarkOptions options = BenchmarkOptions.parse(new String[] {"--rate=fast"}, "rate");
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> options.longValue("rate", 1));
        assertTrue(error.getMessage().contains("fast"), error.getMessage());
    }
}
