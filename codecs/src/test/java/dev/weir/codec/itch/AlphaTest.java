package dev.weir.codec.itch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AlphaTest {
    @Test
    void encodesRightPaddedBigEndian() {
        assertEquals(0x4141504C20202020L, Alpha.encode("AAPL", 8));
        assertEquals(0x2020202020202020L, Alpha.encode("", 8));
        assertEquals(0x4142434445464748L, Alpha.encode("ABCDEFGH", 8));
        assertEquals(0x47534F43L, Alpha.encode("GSOC", 4));
        assertEquals(0x5A20L, Alpha.encode("Z", 2));
    }

    @Test
    void decodesWithoutPaddingKeepingInnerSpaces() {
        for (final String text : new String[] {"AAPL", "BRK A", "ABCDEFGH", "Q", ""}) {
            assertEquals(text, Alpha.text(Alpha.encode(text, 8), 8));
        }
        assertEquals("GS", Alpha.text(Alpha.encode("GS", 4), 4));
    }

    @Test
    void appendsIntoAReusedBuilder() {
        final StringBuilder into = new StringBuilder("x=");
        assertSame(into, Alpha.appendTo(Alpha.encode("MSFT", 8), 8, into));
        assertEquals("x=MSFT", into.toString());
    }

    @Test
    void refusesTextThatDoesNotFit() {
        assertThrows(IllegalArgumentException.class, () -> Alpha.encode("ABCDEFGHI", 8));
        assertThrows(IllegalArgumentException.class, () -> Alpha.encode("ABCDE", 4));
        assertThrows(IllegalArgumentException.class, () -> Alpha.encode("É", 8));
    }
}
