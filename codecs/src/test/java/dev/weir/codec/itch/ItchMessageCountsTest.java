package dev.weir.codec.itch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.TreeMap;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class ItchMessageCountsTest {
    @Test
    void theTableHasEveryItch50TypeWithItsLength() {
        final Map<Character, Integer> expected = new TreeMap<>(Map.ofEntries(
            Map.entry('S', 12), Map.entry('R', 39), Map.entry('H', 25), Map.entry('Y', 20), Map.entry('L', 26),
            Map.entry('V', 35), Map.entry('W', 12), Map.entry('K', 28), Map.entry('J', 35), Map.entry('h', 21),
            Map.entry('A', 36), Map.entry('F', 40), Map.entry('E', 31), Map.entry('C', 36), Map.entry('X', 23),
            Map.entry('D', 19), Map.entry('U', 35), Map.entry('P', 44), Map.entry('Q', 40), Map.entry('B', 19),
            Map.entry('I', 50), Map.entry('N', 20), Map.entry('O', 48)));
        final Map<Character, Integer> table = new TreeMap<>();
        for (final ItchMessageType type : ItchMessageType.values()) {
            table.put(type.code(), type.length());
            assertEquals(type, ItchMessageType.of((byte) type.code()));
        }
        assertEquals(expected, table);
    }

    @Test
    void bytesThatAreNoTypeLookUpToNothing() {
        for (final int code : new int[] {0, 'a', 'b', 'G', 'Z', 'z', ' ', 0x7F, 0x80, 0xC1, 0xFF}) {
            assertNull(ItchMessageType.of((byte) code), "code " + code);
        }
    }

    @Test
    void countsWellFormedUnknownAndMisSizedMessages() {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final ItchMessageCounts counts = new ItchMessageCounts();
        buffer.putByte(5, (byte) 'A');
        assertEquals(ItchMessageType.ADD_ORDER, counts.classify(buffer, 5, 36));
        assertEquals(ItchMessageType.ADD_ORDER, counts.classify(buffer, 5, 36));
        assertNull(counts.classify(buffer, 5, 35));
        assertNull(counts.classify(buffer, 5, 40)); // the length of F, not of A
        buffer.putByte(5, (byte) 'h');
        assertEquals(ItchMessageType.OPERATIONAL_HALT, counts.classify(buffer, 5, 21));
        buffer.putByte(5, (byte) 'T'); // ITCH 4.1's seconds message, gone in 5.0
        assertNull(counts.classify(buffer, 5, 5));
        assertNull(counts.classify(buffer, 5, 0)); // empty: no type byte at all

        assertEquals(2, counts.count(ItchMessageType.ADD_ORDER));
        assertEquals(1, counts.count(ItchMessageType.OPERATIONAL_HALT));
        assertEquals(0, counts.count(ItchMessageType.ADD_ORDER_WITH_MPID));
        assertEquals(2, counts.misSized());
        assertEquals(2, counts.unknown());
        assertEquals(7, counts.total());
    }
}
