package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §3 (timers and keyed state are partitioned by key group): Flink's key-group
 * assignment, {@code murmur(key.hashCode()) % maxParallelism}, and its contiguous key-group
 * ranges per operator instance, so keys land where they would on Flink.
 */
class KeyGroupsTest {
    private static final int[] PARALLELISMS = {1, 2, 3, 7, 128};

    @Test
    void murmurHashIsMurmur3OfTheIntWithFlinksSignFolding() {
        // MurmurHash3_x86_32, seed 0, of the int's 4 little-endian bytes (SMHasher vectors);
        // Flink then folds a negative result to its absolute value
        assertEquals(0x2362F9DE, KeyGroups.murmurHash(0));                  // 00 00 00 00 -> 0x2362F9DE
        assertEquals(0x76293B50, KeyGroups.murmurHash(-1));                 // FF FF FF FF -> 0x76293B50
        assertEquals(-0xF55B516B, KeyGroups.murmurHash(0x87654321));        // 21 43 65 87 -> 0xF55B516B (negative)
        assertEquals(-0xBA6BD213, KeyGroups.murmurHash(0x74736574));        // "test" -> 0xBA6BD213 (negative)
    }

    @Test
    void murmurHashIsNeverNegative() {
        for (final int code : new int[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1}) {
            assertTrue(KeyGroups.murmurHash(code) >= 0, "code " + code);
        }
        for (int code = -200_000; code <= 200_000; code++) {
            assertTrue(KeyGroups.murmurHash(code) >= 0, "code " + code);
        }
        final Random random = new Random(42);
        for (int i = 0; i < 1_000_000; i++) {
            final int code = random.nextInt();
            assertTrue(KeyGroups.murmurHash(code) >= 0, "code " + code);
        }
    }

    @Test
    void keyGroupOfIsInZeroToMaxParallelism() {
        final Random random = new Random(7);
        final List<Object> keys = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            keys.add(random.nextInt());
            keys.add("key-" + i);
            keys.add(random.nextLong());
        }
        keys.add(Integer.MIN_VALUE);
        keys.add("");
        for (final int maxParallelism : new int[] {1, 2, 7, 128, 1000, 32_768}) {
            for (final Object key : keys) {
                final int keyGroup = KeyGroups.keyGroupOf(key, maxParallelism);
                assertTrue(keyGroup >= 0 && keyGroup < maxParallelism, key + " -> " + keyGroup + " of " + maxParallelism);
            }
        }
    }

    @Test
    void keyGroupOfIsTheMurmurHashOfTheKeysHashCodeModuloMaxParallelism() {
        assertEquals(0x2362F9DE % 128, KeyGroups.keyGroupOf(0, 128));     // 94
        assertEquals(94, KeyGroups.keyGroupOf(0, 128));
        assertEquals(80, KeyGroups.keyGroupOf(-1, 128));                  // 0x76293B50 % 128
        assertEquals(0x76293B50 % 1000, KeyGroups.keyGroupOf(-1, 1000));
        assertEquals(0, KeyGroups.keyGroupOf("anything", 1));
    }

    @Test
    void nullKeysAreRejected() {
        final NullPointerException error = assertThrows(NullPointerException.class, () -> KeyGroups.keyGroupOf(null, 128));
        assertEquals("keys must not be null", error.getMessage());
    }

    @Test
    void rangesCoverAllKeyGroupsContiguouslyWithoutOverlap() {
        for (final int maxParallelism : new int[] {128, 200, 32_768}) {
            for (final int parallelism : PARALLELISMS) {
                int next = 0;
                for (int instance = 0; instance < parallelism; instance++) {
                    final KeyGroupRange range = KeyGroups.rangeFor(maxParallelism, parallelism, instance);
                    final String where = maxParallelism + "/" + parallelism + " instance " + instance + " " + range;
                    assertEquals(next, range.startKeyGroup(), where);
                    assertTrue(range.size() >= 1, where);
                    next = range.endKeyGroup() + 1;
                }
                assertEquals(maxParallelism, next, maxParallelism + "/" + parallelism);
            }
        }
    }

    @Test
    void rangesAreFlinksRanges() {
        // start = ceil(i * max / p), end = floor(((i + 1) * max - 1) / p)
        assertEquals(List.of(new KeyGroupRange(0, 127)), ranges(128, 1));
        assertEquals(List.of(new KeyGroupRange(0, 63), new KeyGroupRange(64, 127)), ranges(128, 2));
        assertEquals(List.of(new KeyGroupRange(0, 42), new KeyGroupRange(43, 85), new KeyGroupRange(86, 127)), ranges(128, 3));
        assertEquals(List.of(
                new KeyGroupRange(0, 18), new KeyGroupRange(19, 36), new KeyGroupRange(37, 54), new KeyGroupRange(55, 73),
                new KeyGroupRange(74, 91), new KeyGroupRange(92, 109), new KeyGroupRange(110, 127)), ranges(128, 7));
        final List<KeyGroupRange> single = ranges(128, 128);
        for (int i = 0; i < 128; i++) {
            assertEquals(new KeyGroupRange(i, i), single.get(i));
        }
    }

    @Test
    void instanceForAgreesWithRangeFor() {
        for (final int maxParallelism : new int[] {128, 200}) {
            for (final int parallelism : PARALLELISMS) {
                for (int instance = 0; instance < parallelism; instance++) {
                    final KeyGroupRange range = KeyGroups.rangeFor(maxParallelism, parallelism, instance);
                    for (int keyGroup = range.startKeyGroup(); keyGroup <= range.endKeyGroup(); keyGroup++) {
                        assertEquals(instance, KeyGroups.instanceFor(maxParallelism, parallelism, keyGroup),
                                maxParallelism + "/" + parallelism + " key group " + keyGroup);
                    }
                }
            }
        }
    }

    @Test
    void aParallelismOutsideOneToMaxParallelismIsRejected() {
        assertEquals("parallelism must be in [1, 128]: 0",
                assertThrows(IllegalArgumentException.class, () -> KeyGroups.rangeFor(128, 0, 0)).getMessage());
        assertEquals("parallelism must be in [1, 128]: 129",
                assertThrows(IllegalArgumentException.class, () -> KeyGroups.rangeFor(128, 129, 0)).getMessage());
    }

    private static List<KeyGroupRange> ranges(final int maxParallelism, final int parallelism) {
        final List<KeyGroupRange> ranges = new ArrayList<>();
        for (int instance = 0; instance < parallelism; instance++) {
            ranges.add(KeyGroups.rangeFor(maxParallelism, parallelism, instance));
        }
        return ranges;
    }
}
