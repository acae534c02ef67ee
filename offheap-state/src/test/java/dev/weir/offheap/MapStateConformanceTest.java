package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.LongMapState;
import dev.weir.state.LongMapStateDescriptor;
import dev.weir.state.MapState;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.VoidNamespace;
import dev.weir.window.TimeWindow;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The map-state contract (docs/state.md, "Map state"), asserted identically on the heap backend
 * and on Chronicle Map (normal cache, two-entry cache, growing chain of maps): a map per
 * (current key, namespace), {@code clear()} takes all of its user keys, an emptied map is no
 * entry, {@code Long} user keys iterate in ascending order and other keys in first-put order.
 */
class MapStateConformanceTest {
    private static final int MAX_PARALLELISM = 128;
    private static final TimeWindow W1 = new TimeWindow(0, 1000);
    private static final TimeWindow W2 = new TimeWindow(1000, 2000);

    private final List<KeyedStateBackend<?>> opened = new ArrayList<>();

    @AfterEach
    void closeBackends() {
        for (final KeyedStateBackend<?> backend : opened) {
            backend.close();
        }
    }

    private KeyedStateBackend<String> backend(final Backends kind) {
        final KeyedStateBackend<String> backend = kind.create(new KeyGroupRange(0, MAX_PARALLELISM - 1), MAX_PARALLELISM);
        opened.add(backend);
        return backend;
    }

    private static <K, V> List<String> entries(final MapState<K, V> state) {
        final List<String> seen = new ArrayList<>();
        for (final Map.Entry<K, V> entry : state.entries()) {
            seen.add(entry.getKey() + "=" + entry.getValue());
        }
        return seen;
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void eachKeyAndNamespaceHasItsOwnMap(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final MapState<String, Long> state = backend.state(new MapStateDescriptor<>("prices", String.class, Long.class));
        assertSame(state, backend.state(new MapStateDescriptor<>("prices", String.class, Long.class)), "the same object for the same name");
        for (int k = 0; k < 20; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(W1);
            state.put("bid", (long) k);
            state.put("ask", k + 1L);
            state.setNamespace(W2);
            state.put("last", 100L + k);
        }
        assertEquals(40, backend.entryCount(), "one entry per (key, namespace), not per user key");
        for (int k = 0; k < 20; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(W1);
            assertEquals((long) k, state.get("bid"));
            assertEquals(k + 1L, state.get("ask"));
            assertNull(state.get("last"));
            assertTrue(state.contains("bid"));
            assertFalse(state.contains("last"));
            assertFalse(state.isEmpty());
            state.setNamespace(W2);
            assertEquals(List.of("last=" + (100 + k)), entries(state));
        }
        backend.setCurrentKey("absent");
        state.setNamespace(W1);
        assertTrue(state.isEmpty());
        assertNull(state.get("bid"));
        assertFalse(state.iterator().hasNext());
        assertFalse(state.keys().iterator().hasNext());
        assertFalse(state.values().iterator().hasNext());
        state.remove("bid");
        assertEquals(40, backend.entryCount());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void otherKeysIterateInTheOrderTheyWereFirstPut(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final MapState<String, Integer> state = backend.state(new MapStateDescriptor<>("order", String.class, Integer.class));
        for (int k = 0; k < 10; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(VoidNamespace.INSTANCE);
            for (final String userKey : List.of("zeta", "alpha", "mu")) {
                state.put(userKey + k, k);
            }
        }
        backend.setCurrentKey("k3");
        state.put("alpha3", 33);
        final Map<String, Integer> more = new LinkedHashMap<>();
        more.put("beta3", 1);
        more.put("zeta3", 2);
        state.putAll(more);
        assertEquals(List.of("zeta3=2", "alpha3=33", "mu3=3", "beta3=1"), entries(state));
        final List<String> keys = new ArrayList<>();
        state.keys().forEach(keys::add);
        assertEquals(List.of("zeta3", "alpha3", "mu3", "beta3"), keys);
        final List<Integer> values = new ArrayList<>();
        state.values().forEach(values::add);
        assertEquals(List.of(2, 33, 3, 1), values);
        backend.setCurrentKey("k7");
        assertEquals(List.of("zeta7=7", "alpha7=7", "mu7=7"), entries(state));
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void longKeysIterateInAscendingOrderAndScanARange(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final MapState<Long, String> declared = backend.state(new MapStateDescriptor<>("buffer", Long.class, String.class));
        final LongMapState<String> state = assertInstanceOf(LongMapState.class, declared);
        assertSame(state, backend.state(new LongMapStateDescriptor<>("buffer", String.class)));
        final long[] arrival = {5000, 1000, 3000, 9000, 7000, 2000, 4000, 8000, 6000};
        for (int k = 0; k < 8; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(VoidNamespace.INSTANCE);
            for (final long timestamp : arrival) {
                state.putAt(timestamp + k, "r" + (timestamp + k));
            }
        }
        backend.setCurrentKey("k2");
        final List<String> expected = new ArrayList<>();
        for (long timestamp = 1000; timestamp <= 9000; timestamp += 1000) {
            expected.add((timestamp + 2) + "=r" + (timestamp + 2));
        }
        assertEquals(expected, entries(state));
        final List<String> range = new ArrayList<>();
        state.forEach(3000, 6002, (timestamp, value) -> range.add(timestamp + ":" + value));
        assertEquals(List.of("3002:r3002", "4002:r4002", "5002:r5002", "6002:r6002"), range);
        range.clear();
        state.forEach(9003, Long.MAX_VALUE, (timestamp, value) -> range.add(timestamp + ":" + value));
        assertEquals(List.of(), range);
        assertEquals("r4002", state.get(4002L));
        assertEquals("r4002", state.get(Long.valueOf(4002)));
        assertTrue(state.contains(4002L));
        assertFalse(state.contains(4000L));
        state.remove(4002L);
        state.remove(Long.valueOf(1002));
        assertFalse(state.contains(4002L));
        assertNull(state.get(1002L));
        final List<Long> keys = new ArrayList<>();
        state.keys().forEach(keys::add);
        assertEquals(List.of(2002L, 3002L, 5002L, 6002L, 7002L, 8002L, 9002L), keys);
        final ConcurrentModificationException refused = assertThrows(ConcurrentModificationException.class,
                () -> state.forEach(0, Long.MAX_VALUE, (timestamp, value) -> state.put(timestamp + 1, value)));
        assertTrue(refused.getMessage().contains("changed while its entries were visited"), refused.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void clearRemovesAllUserKeysOfTheCurrentKeyOnly(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final LongMapState<String> state = backend.state(new LongMapStateDescriptor<>("buffer", String.class));
        for (int k = 0; k < 10; k++) {
            backend.setCurrentKey("k" + k);
            for (final TimeWindow window : List.of(W1, W2)) {
                state.setNamespace(window);
                for (long t = 0; t < 5; t++) {
                    state.put(t, k + "/" + t);
                }
            }
        }
        backend.setCurrentKey("k4");
        state.setNamespace(W1);
        state.clear();
        state.clear();
        assertTrue(state.isEmpty());
        assertNull(state.get(0));
        state.setNamespace(W2);
        assertEquals("4/3", state.get(3));
        backend.setCurrentKey("k5");
        state.setNamespace(W1);
        assertEquals("5/3", state.get(3));
        assertEquals(19, backend.entryCount());
        backend.setCurrentKey("k4");
        state.setNamespace(W1);
        state.putAt(42, "again");
        assertEquals(List.of("42=again"), entries(state));
        assertEquals(20, backend.entryCount());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void removingTheLastUserKeyRemovesTheEntry(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final LongMapState<String> longs = backend.state(new LongMapStateDescriptor<>("longs", String.class));
        final MapState<String, String> strings = backend.state(new MapStateDescriptor<>("strings", String.class, String.class));
        for (int k = 0; k < 6; k++) {
            backend.setCurrentKey("k" + k);
            longs.setNamespace(VoidNamespace.INSTANCE);
            strings.setNamespace(VoidNamespace.INSTANCE);
            longs.putAt(1, "a");
            longs.putAt(2, "b");
            strings.put("x", "a");
            strings.put("y", "b");
        }
        assertEquals(12, backend.entryCount());
        backend.setCurrentKey("k1");
        longs.remove(1);
        strings.remove("x");
        assertEquals(12, backend.entryCount());
        longs.remove(2);
        strings.remove("y");
        assertEquals(10, backend.entryCount());
        assertTrue(longs.isEmpty());
        assertTrue(strings.isEmpty());

        // through an iterator, even after the current key moved on
        backend.setCurrentKey("k2");
        final Iterator<Map.Entry<Long, String>> longEntries = longs.iterator();
        final Iterator<String> stringKeys = strings.keys().iterator();
        backend.setCurrentKey("k3");
        while (longEntries.hasNext()) {
            longEntries.next();
            longEntries.remove();
        }
        while (stringKeys.hasNext()) {
            stringKeys.next();
            stringKeys.remove();
        }
        assertEquals(8, backend.entryCount());
        assertEquals(List.of("1=a", "2=b"), entries(longs), "the current key's map is untouched");
        backend.setCurrentKey("k2");
        assertTrue(longs.isEmpty());
        assertTrue(strings.isEmpty());
        assertEquals(8, snapshotCount(backend));
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void iteratorsWriteThroughAndFailAfterOtherChanges(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final LongMapState<String> state = backend.state(new LongMapStateDescriptor<>("buffer", String.class));
        backend.setCurrentKey("a");
        state.setNamespace(VoidNamespace.INSTANCE);
        for (long t = 1; t <= 6; t++) {
            state.put(t * 10, "v" + t);
        }
        final Iterator<Map.Entry<Long, String>> entries = state.iterator();
        while (entries.hasNext()) {
            final Map.Entry<Long, String> entry = entries.next();
            if (entry.getKey() % 20 == 0) {
                entries.remove();
            } else {
                entry.setValue(entry.getValue().toUpperCase());
            }
        }
        assertEquals(List.of("10=V1", "30=V3", "50=V5"), entries(state));
        final Iterator<Long> keys = state.keys().iterator();
        keys.next();
        state.putAt(35, "later");
        assertThrows(ConcurrentModificationException.class, keys::next);
        backend.flush();
        assertEquals(List.of("10=V1", "30=V3", "35=later", "50=V5"), entries(state));
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void valuesMayBeNullAndUserKeysMayNot(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final MapState<String, String> state = backend.state(new MapStateDescriptor<>("m", String.class, String.class));
        backend.setCurrentKey("a");
        state.setNamespace(VoidNamespace.INSTANCE);
        state.put("nothing", null);
        assertTrue(state.contains("nothing"));
        assertNull(state.get("nothing"));
        assertFalse(state.isEmpty());
        assertEquals(List.of("nothing=null"), entries(state));
        final NullPointerException e = assertThrows(NullPointerException.class, () -> state.put(null, "x"));
        assertEquals("user key", e.getMessage());
        final LongMapState<String> longs = backend.state(new LongMapStateDescriptor<>("l", String.class));
        longs.setNamespace(VoidNamespace.INSTANCE);
        longs.putAt(7, null);
        assertTrue(longs.contains(7));
        final NullPointerException boxed = assertThrows(NullPointerException.class, () -> longs.put((Long) null, "x"));
        assertEquals("user key", boxed.getMessage());
        assertEquals(2, snapshotCount(backend));
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void mutableValuesChangedInPlaceAreKept(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final LongMapState<List<String>> state = backend.state(new LongMapStateDescriptor<>("buckets", castList()));
        for (int k = 0; k < 20; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(VoidNamespace.INSTANCE);
            for (long t = 0; t < 3; t++) {
                List<String> bucket = state.get(t);
                if (bucket == null) {
                    bucket = new ArrayList<>();
                    state.put(t, bucket);
                }
                bucket.add("first");
            }
        }
        for (int k = 0; k < 20; k++) {
            backend.setCurrentKey("k" + k);
            for (long t = 0; t < 3; t++) {
                state.get(t).add("second");
            }
        }
        backend.flush();
        for (int k = 0; k < 20; k++) {
            backend.setCurrentKey("k" + k);
            for (long t = 0; t < 3; t++) {
                assertEquals(List.of("first", "second"), state.get(t), "key k" + k + " timestamp " + t);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Class<List<String>> castList() {
        return (Class<List<String>>) (Class<?>) List.class;
    }

    private static int snapshotCount(final KeyedStateBackend<?> backend) {
        final int[] count = {0};
        backend.flush();
        backend.snapshot((stateName, keyGroup, key, namespace, value) -> count[0]++);
        return count[0];
    }
}
