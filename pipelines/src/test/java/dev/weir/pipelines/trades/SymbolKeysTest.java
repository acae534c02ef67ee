package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.codec.itch.Alpha;
import dev.weir.state.KeyGroups;
import org.junit.jupiter.api.Test;

/** Interned symbol keys: one per symbol, found by locate, equal by value. */
class SymbolKeysTest {
    private static final long AAPL = Alpha.encode("AAPL", 8);
    private static final long MSFT = Alpha.encode("MSFT", 8);

    @Test
    void oneKeyPerSymbolMadeOnFirstSight() {
        final SymbolKeys keys = new SymbolKeys();
        assertNull(keys.ofLocate(1));
        final SymbolKey aapl = keys.intern(1, AAPL);

        assertSame(aapl, keys.intern(1, AAPL));
        assertSame(aapl, keys.intern(65_535, AAPL));
        assertSame(aapl, keys.ofLocate(65_535));
        assertEquals("AAPL", aapl.text());
        assertEquals(AAPL, aapl.symbol());
        assertEquals(1, keys.size());
    }

    @Test
    void aLocateFollowsTheSymbolLastSeenWithIt() {
        final SymbolKeys keys = new SymbolKeys();
        final SymbolKey aapl = keys.intern(7, AAPL);
        final SymbolKey msft = keys.intern(7, MSFT);

        assertSame(msft, keys.ofLocate(7));
        assertSame(aapl, keys.intern(8, AAPL));
        assertEquals(2, keys.size());
    }

    @Test
    void keysAreEqualByTheSymbolWithAStableHash() {
        final SymbolKey aapl = new SymbolKey(AAPL);
        final SymbolKey copy = new SymbolKey(Alpha.encode("AAPL", 8)); // as a state backend reads one back

        assertEquals(aapl, copy);
        assertEquals(aapl.hashCode(), copy.hashCode());
        assertEquals(Long.hashCode(0x4141504C20202020L), aapl.hashCode()); // the same in every JVM: key groups depend on it
        assertEquals(KeyGroups.keyGroupOf(aapl, 128), KeyGroups.keyGroupOf(copy, 128));
        assertNotEquals(aapl, new SymbolKey(MSFT));
        assertEquals("BRK A", new SymbolKey(Alpha.encode("BRK A", 8)).text()); // inner spaces stay, padding goes
    }
}
