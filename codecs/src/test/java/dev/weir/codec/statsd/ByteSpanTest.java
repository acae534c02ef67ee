package dev.weir.codec.statsd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Spans compare, hash and order by their bytes, wherever the bytes sit. */
class ByteSpanTest {
    private static final String FIRST = "api.hits|api.hits.2|ключ|é";

    private final UnsafeBuffer first = Payloads.inBuffer(FIRST);
    private final UnsafeBuffer second = Payloads.inBuffer("xxapi.hits");

    private ByteSpan span(final UnsafeBuffer buffer, final int from, final int length) {
        return new ByteSpan().wrap(buffer, Payloads.OFFSET + from, length);
    }

    @Test
    void equalBytesInOtherBuffersAndPlacesAreEqualAndHashAlike() {
        final ByteSpan hits = span(first, 0, 8);
        final ByteSpan sameHits = span(second, 2, 8);
        final ByteSpan prefixOfLonger = span(first, 9, 8);
        for (final ByteSpan other : List.of(sameHits, prefixOfLonger)) {
            assertTrue(hits.contentEquals(other));
            assertEquals(hits.contentHash(), other.contentHash());
            assertEquals(0, hits.compareContent(other));
        }
        assertFalse(hits.contentEquals(span(first, 9, 10)));
        assertFalse(hits.contentEquals(span(first, 1, 8)));
    }

    @Test
    void anAsciiSpanHashesLikeItsString() {
        for (final String text : List.of("", "a", "api.hits", "api.hits.2")) {
            final ByteSpan span = span(first, FIRST.indexOf(text), text.length());
            assertEquals(text.hashCode(), span.contentHash(), text);
            assertTrue(span.contentEquals(text), text);
        }
    }

    @Test
    void textComparesOnlyAsAscii() {
        final ByteSpan cyrillic = span(first, 20, 8);
        assertEquals("ключ", cyrillic.asString());
        assertFalse(cyrillic.contentEquals("ключ"), "non-ASCII text is never equal byte for byte");
        assertFalse(span(first, 0, 8).contentEquals("api.hitz"));
        assertFalse(span(first, 0, 8).contentEquals("api.hit"));
    }

    @Test
    void orderIsByUnsignedBytesThenLength() {
        final ByteSpan hits = span(first, 0, 8);
        final ByteSpan longer = span(first, 9, 10);
        final ByteSpan accented = span(first, 29, 2);
        assertTrue(hits.compareContent(longer) < 0);
        assertTrue(longer.compareContent(hits) > 0);
        assertTrue(hits.compareContent(accented) < 0, "é starts with byte 0xC3, above every ASCII byte");
        assertTrue(accented.compareContent(hits) > 0);
        assertTrue(span(first, 0, 0).compareContent(hits) < 0);
    }

    @Test
    void bytesAreReadInPlaceAndBoundsChecked() {
        final ByteSpan hits = span(first, 0, 8);
        assertEquals('a', hits.byteAt(0));
        assertEquals('s', hits.byteAt(7));
        assertEquals(Payloads.OFFSET, hits.offset());
        assertEquals(8, hits.length());
        assertThrows(IndexOutOfBoundsException.class, () -> hits.byteAt(8));
        assertThrows(IndexOutOfBoundsException.class, () -> hits.byteAt(-1));
        first.putByte(Payloads.OFFSET, (byte) 'A');
        assertEquals("Api.hits", hits.toString(), "a view, not a copy");
        assertEquals("", new ByteSpan().toString());
    }
}
