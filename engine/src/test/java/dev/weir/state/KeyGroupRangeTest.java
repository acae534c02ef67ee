package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** docs/semantics.md §3: a key-group range is inclusive at both ends and never empty. */
class KeyGroupRangeTest {

    @Test
    void aRangeIsInclusiveAtBothEnds() {
        final KeyGroupRange range = new KeyGroupRange(43, 85);
        assertEquals(43, range.size());
        assertFalse(range.contains(42));
        assertTrue(range.contains(43));
        assertTrue(range.contains(85));
        assertFalse(range.contains(86));
        assertEquals("[43, 85]", range.toString());
        assertEquals(new KeyGroupRange(43, 85), range);
        assertEquals(new KeyGroupRange(43, 85).hashCode(), range.hashCode());
        assertNotEquals(new KeyGroupRange(43, 86), range);
    }

    @Test
    void emptyOrNegativeRangesAreRejected() {
        assertEquals("bad key group range [5, 4]",
                assertThrows(IllegalArgumentException.class, () -> new KeyGroupRange(5, 4)).getMessage());
        assertEquals("bad key group range [-1, 4]",
                assertThrows(IllegalArgumentException.class, () -> new KeyGroupRange(-1, 4)).getMessage());
        assertEquals(1, new KeyGroupRange(7, 7).size());
    }
}
