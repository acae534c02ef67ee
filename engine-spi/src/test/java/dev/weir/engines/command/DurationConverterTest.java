package dev.weir.engines.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Durations as the command line's options take them: milliseconds, seconds or minutes, up to a long of milliseconds. */
class DurationConverterTest {
    private static final DurationConverter CONVERTER = new DurationConverter();

    @Test
    void readsMillisecondsSecondsAndMinutes() {
        assertEquals(Duration.ofMillis(250), CONVERTER.convert("250ms"));
        assertEquals(Duration.ofSeconds(2), CONVERTER.convert(" 2s "));
        assertEquals(Duration.ofMinutes(1), CONVERTER.convert("1m"));
        assertEquals(Duration.ZERO, CONVERTER.convert("0ms"));
        assertEquals(Duration.ofMillis(Long.MAX_VALUE), CONVERTER.convert("0009223372036854775807ms"));
    }

    @Test
    void anythingElseIsOneMessage() {
        assertEquals("'200' is not a duration (examples: 250ms, 2s, 1m)",
                assertThrows(CommandLine.TypeConversionException.class, () -> CONVERTER.convert("200")).getMessage());
        assertEquals("'1h' is not a duration (examples: 250ms, 2s, 1m)",
                assertThrows(CommandLine.TypeConversionException.class, () -> CONVERTER.convert("1h")).getMessage());
        assertEquals("'9223372036854775808ms' is too large (at most 9223372036854775807ms)",
                assertThrows(CommandLine.TypeConversionException.class, () -> CONVERTER.convert("9223372036854775808ms")).getMessage());
        assertEquals("'153722867280912931m' is too large (at most 9223372036854775807ms)",
                assertThrows(CommandLine.TypeConversionException.class, () -> CONVERTER.convert("153722867280912931m")).getMessage());
    }
}
