package dev.weir.codec.statsd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Decimal values and rates read in place give the double {@link Double#parseDouble} gives. */
class StatsdNumberTest {
    private static double parse(final String text) {
        return StatsdNumber.parse(Payloads.inBuffer(text), Payloads.OFFSET, Payloads.length(text));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"0", "7", "007", "-12", "+12", "0.1", "0.3", "5.", ".5", "-.25", "123.456", "1e3", "1E3",
            "2.5e-3", "1e+2", "-0", "0.000001", "9007199254740991", "9007199254740993", "12345678901234567890123",
            "0.1234567890123456789", "1e22", "1e23", "1e-22", "1e-23", "4.9e-324",
            "1.7976931348623157e308", "1e-400", "0e999999999999", "00000000000000000000000001.5"})
    void everyDecimalReadsAsParseDoubleReadsIt(final String text) {
        assertEquals(Double.parseDouble(text), parse(text));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(strings = {"", "+", "-", ".", "+.", "1.2.3", "1e", "1e+", "e5", "1e5.5", "NaN", "Infinity", "-Infinity",
            "0x10", " 1", "1 ", "1,5", "1_000", "5d", "5f", "1e400", "-1e400", "1e999999999999",
            "١", "１", "--1", "+-1"})
    void anythingElseIsNotANumber(final String text) {
        assertTrue(Double.isNaN(parse(text)), text);
    }

    @Test
    void longDigitRunsReadExactlyUpToTheDoubleRange() {
        assertEquals(1e300, parse("1" + "0".repeat(300)));
        assertEquals(1e-300, parse("0." + "0".repeat(299) + "1"));
        assertEquals(Double.parseDouble("3." + "14159".repeat(60)), parse("3." + "14159".repeat(60)));
        assertTrue(Double.isNaN(parse("1" + "0".repeat(400))), "beyond the double range");
    }

    @Test
    void randomDecimalsReadExactlyAsParseDouble() {
        final SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            final StringBuilder text = new StringBuilder(random.nextBoolean() ? "" : "-");
            final int whole = random.nextInt(0, 12);
            for (int d = 0; d < whole; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
            final int fraction = random.nextInt(whole == 0 ? 1 : 0, 12);
            if (fraction > 0) {
                text.append('.');
                for (int d = 0; d < fraction; d++) {
                    text.append((char) ('0' + random.nextInt(10)));
                }
            }
            if (random.nextInt(4) == 0) {
                text.append('e').append(random.nextInt(-30, 31));
            }
            assertEquals(Double.parseDouble(text.toString()), parse(text.toString()), text.toString());
        }
    }
}
