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

    @Test
    void boundedNumbersEnumsBooleansAndPowersOfTwoNameTheOptionAndTheValue() {
        final BenchmarkOptions options = BenchmarkOptions.parse(new String[] {"--rate=0", "--idle=FAST", "--parks=yes", "--capacity=1000",
            "--ring=1024", "--on=true"}, "rate", "idle", "parks", "capacity", "ring", "on");
        assertEquals("--rate must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> options.longAtLeast("rate", 5, 1)).getMessage());
        assertEquals("--idle must be one of [A, B], got 'FAST'",
                assertThrows(IllegalArgumentException.class, () -> options.enumValue("idle", Letter.class, Letter.A)).getMessage());
        assertEquals("--parks must be true or false, got 'yes'",
                assertThrows(IllegalArgumentException.class, () -> options.booleanValue("parks", false)).getMessage());
        assertEquals("--capacity must be a power of two from 2 to 1073741824, got 1000",
                assertThrows(IllegalArgumentException.class, () -> options.powerOfTwo("capacity", 8)).getMessage());
        assertEquals(1024, options.powerOfTwo("ring", 8));
        assertEquals(8, options.powerOfTwo("missing", 8));
        assertTrue(options.booleanValue("on", false));
        assertEquals(Letter.B, options.enumValue("missing", Letter.class, Letter.B));
        assertEquals(7, options.longAtLeast("missing", 7, 1));
    }

    /** An enum for {@link BenchmarkOptions#enumValue}. */
    private enum Letter { A, B }
}
