package dev.weir.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The reusable text: appending, growing, trimming a tail, copying and comparing. */
class AsciiTextTest {
    @Test
    void appendsGrowsAndReadsAsACharSequence() {
        final AsciiText text = new AsciiText(2);
        text.append('a').append("bcdef".getBytes(StandardCharsets.US_ASCII)).append('g');
        assertEquals("abcdefg", text.toString());
        assertEquals(7, text.length());
        assertEquals('d', text.charAt(3));
        assertEquals("cde", text.subSequence(2, 5).toString());
        assertThrows(IndexOutOfBoundsException.class, () -> text.charAt(7));
        assertEquals("", text.clear().toString());
    }

    @Test
    void trimsOnlyThePartAppendedSinceAnOffset() {
        final AsciiText text = new AsciiText();
        text.append(' ').append('x').append('@');
        text.append(' ').append(' ').append('a').append(' ').append('b').append(' ');
        text.trimFrom(3);
        assertEquals(" x@a b", text.toString());
        text.append(' ').append(' ');
        text.trimFrom(6);
        assertEquals(" x@a b", text.toString());
    }

    @Test
    void copiesAreEqualAndDetached() {
        final AsciiText text = new AsciiText().append('h').append('i');
        final AsciiText copy = new AsciiText(0);
        text.copyTo(copy);
        assertEquals(text, copy);
        assertEquals(text.hashCode(), copy.hashCode());
        assertTrue(copy.contentEquals("hi"));
        text.append('!');
        assertNotEquals(text, copy);
        assertFalse(copy.contentEquals("ho"));
        assertEquals("hi", copy.toString());
    }
}
