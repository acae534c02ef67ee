package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.state.StateEntries;
import org.junit.jupiter.api.Test;

/** The flat cache table: it grows up to its capacity, gives up entries only when full, and keeps every other entry findable. */
class EntryCacheTest {
    private static int place(final EntryCache cache, final Object key, final Object namespace) {
        final int hash = StateEntries.hash(key, namespace);
        final int slot = cache.free(hash);
        cache.fill(slot, hash, 7, key, namespace, "v" + key + "/" + namespace, true, false, false);
        return slot;
    }

    private static void assertHolds(final EntryCache cache, final Object key, final Object namespace) {
        final int slot = cache.find(StateEntries.hash(key, namespace), key, namespace);
        assertTrue(slot >= 0, key + "/" + namespace);
        assertEquals("v" + key + "/" + namespace, cache.value(slot));
        assertEquals(7, cache.keyGroup(slot));
    }

    @Test
    void aWorkingSetThatFitsGrowsTheTableAndIsNeverFull() {
        final EntryCache cache = new EntryCache(1_000);
        for (int k = 0; k < 1_000; k++) {
            assertFalse(cache.full());
            place(cache, k, k % 3 == 0 ? null : (long) k / 7);
        }
        assertTrue(cache.full());
        assertEquals(2_048, cache.slots());
        for (int k = 0; k < 1_000; k++) {
            assertHolds(cache, k, k % 3 == 0 ? null : (long) k / 7);
        }
        assertEquals(-1, cache.find(StateEntries.hash(1_000, null), 1_000, null));
    }

    @Test
    void emptyingAndEvictingKeepTheOtherEntriesFindable() {
        final EntryCache cache = new EntryCache(300);
        for (int k = 0; k < 300; k++) {
            place(cache, "k" + k, 1L);
        }
        for (int k = 0; k < 300; k += 2) {
            final Object key = "k" + k;
            cache.empty(cache.find(StateEntries.hash(key, 1L), key, 1L));
        }
        for (int k = 1; k < 300; k += 2) {
            assertHolds(cache, "k" + k, 1L);
        }
        for (int k = 300; k < 450; k++) {
            place(cache, "k" + k, 1L);
        }
        assertTrue(cache.full());
        final int victim = cache.victim();
        assertTrue(cache.occupied(victim));
        final Object evicted = cache.key(victim);
        cache.empty(victim);
        assertFalse(cache.full());
        assertEquals(-1, cache.find(StateEntries.hash(evicted, 1L), evicted, 1L));
        for (int k = 1; k < 450; k += k < 300 ? 2 : 1) {
            if (!("k" + k).equals(evicted)) {
                assertHolds(cache, "k" + k, 1L);
            }
        }
    }

    private static void assertFlags(final EntryCache cache, final int slot, final boolean dirty, final boolean inMap,
            final boolean owned) {
        assertEquals(dirty + "/" + inMap + "/" + owned,
                cache.dirty(slot) + "/" + cache.inMap(slot) + "/" + cache.owned(slot), "dirty/in map/owned");
    }

    @Test
    void flagsTrackDirtyInMapAndOwnedSeparately() {
        final EntryCache cache = new EntryCache(2);
        final int slot = cache.free(StateEntries.hash("a", null));
        cache.fill(slot, StateEntries.hash("a", null), 0, "a", null, 1L, false, true, true);
        assertFlags(cache, slot, false, true, true);
        cache.touch(slot);
        assertFlags(cache, slot, true, true, true);
        cache.handOut(slot);
        assertFlags(cache, slot, true, true, false);
        cache.written(slot);
        assertFlags(cache, slot, false, true, false);
        cache.update(slot, 2L, true);
        assertFlags(cache, slot, true, true, true);
    }
}
