package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The user map of a {@link LongMapState}: the same contents and ascending order as a
 * {@link TreeMap} under any mix of puts and removes (in order, reversed, random, sliding),
 * range visits, iterators that write through, and the serialized form.
 */
class SortedLongMapTest {
    private static void assertSameAs(final TreeMap<Long, String> model, final SortedLongMap<String> map) {
        assertEquals(model.size(), map.size());
        final List<String> expected = new ArrayList<>();
        model.forEach((key, value) -> expected.add(key + "=" + value));
        final List<String> seen = new ArrayList<>();
        for (int i = 0; i < map.size(); i++) {
            seen.add(map.keyAt(i) + "=" + map.valueAt(i));
        }
        assertEquals(expected, seen);
    }

    @Test
    void randomPutsAndRemovesKeepTheKeysSortedLikeATreeMap() {
        final Random random = new Random(42);
        final SortedLongMap<String> map = new SortedLongMap<>(1);
        final TreeMap<Long, String> model = new TreeMap<>();
        for (int step = 0; step < 20_000; step++) {
            final long key = random.nextInt(300) - 150;
            switch (random.nextInt(4)) {
                case 0:
                case 1:
                    assertEquals(model.put(key, "v" + step), map.put(key, "v" + step));
                    break;
                case 2:
                    assertEquals(model.remove(key), map.remove(key));
                    break;
                default:
                    assertEquals(model.get(key), map.get(key));
                    assertEquals(model.containsKey(key), map.containsKey(key));
                    final Long ceiling = model.ceilingKey(key);
                    assertEquals(ceiling == null ? model.size() : model.headMap(ceiling).size(), map.ceilingIndex(key));
            }
            if (step % 500 == 0) {
                assertSameAs(model, map);
            }
        }
        assertSameAs(model, map);
    }

    @Test
    void aSlidingBufferAndReversedArrivalsStaySorted() {
        final SortedLongMap<String> map = new SortedLongMap<>();
        final TreeMap<Long, String> model = new TreeMap<>();
        for (long t = 0; t < 5000; t++) {
            map.put(t, "r" + t);
            model.put(t, "r" + t);
            if (t >= 40) {
                assertEquals(model.remove(t - 40), map.remove(t - 40));
            }
        }
        assertSameAs(model, map);
        for (long t = -1; t > -100; t--) {
            map.put(t, "early" + t);
            model.put(t, "early" + t);
        }
        assertSameAs(model, map);
        map.clear();
        assertTrue(map.isEmpty());
        assertNull(map.get(4999));
    }

    @Test
    void aRangeVisitIsInclusiveAndInOrder() {
        final SortedLongMap<String> map = new SortedLongMap<>();
        for (long t = 100; t >= 10; t -= 10) {
            map.put(t, "v" + t);
        }
        final List<String> seen = new ArrayList<>();
        map.forEach(30, 60, (key, value) -> seen.add(key + ":" + value));
        assertEquals(List.of("30:v30", "40:v40", "50:v50", "60:v60"), seen);
        seen.clear();
        map.forEach(31, 39, (key, value) -> seen.add(key + ":" + value));
        map.forEach(101, Long.MAX_VALUE, (key, value) -> seen.add(key + ":" + value));
        map.forEach(Long.MIN_VALUE, 10, (key, value) -> seen.add(key + ":" + value));
        assertEquals(List.of("10:v10"), seen);
        assertThrows(ConcurrentModificationException.class, () -> map.forEach(0, 100, (key, value) -> map.remove(key)));
    }

    @Test
    void iteratorsRemoveAndSetValuesThroughAndFailAfterOtherChanges() {
        final SortedLongMap<String> map = new SortedLongMap<>();
        for (long t = 1; t <= 9; t++) {
            map.put(t, "v" + t);
        }
        final Iterator<Map.Entry<Long, String>> entries = map.entryIterator();
        while (entries.hasNext()) {
            final Map.Entry<Long, String> entry = entries.next();
            if (entry.getKey() % 3 != 0) {
                entries.remove();
            } else {
                assertEquals("v" + entry.getKey(), entry.setValue("w" + entry.getKey()));
            }
        }
        assertEquals("{3=w3, 6=w6, 9=w9}", map.toString());
        final Iterator<Long> keys = map.keyIterator();
        assertEquals(3L, keys.next());
        keys.remove();
        assertThrows(IllegalStateException.class, keys::remove);
        final Iterator<String> values = map.valueIterator();
        assertEquals("w6", values.next());
        map.put(7, "v7");
        assertThrows(ConcurrentModificationException.class, values::next);
        assertThrows(ConcurrentModificationException.class, keys::next);
        assertEquals("{6=w6, 7=v7, 9=w9}", map.toString());
    }

    @Test
    void theSerializedFormReadsBackIntoTheReusedMap() {
        final SortedLongMap<Object> map = new SortedLongMap<>();
        map.put(5, List.of("a", "b"));
        map.put(-3, null);
        map.put(Long.MAX_VALUE, 7L);
        final StateOutput out = new StateOutput();
        StateSerializers.any().write(map, out);
        final SortedLongMap<Object> reuse = new SortedLongMap<>();
        reuse.put(99, "old");
        final Object read = StateSerializers.any().read(new StateInput().wrap(out.buffer(), 0, out.length()), reuse);
        assertSame(reuse, read);
        assertEquals(map, read);
        assertEquals("{-3=null, 5=[a, b], 9223372036854775807=7}", read.toString());
        final Object fresh = StateSerializers.any().read(new StateInput().wrap(out.buffer(), 0, out.length()), null);
        assertEquals(map, fresh);
        assertFalse(fresh == map);
    }
}
