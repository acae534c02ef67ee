package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.state.AggregatingState;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.state.VoidNamespace;
import dev.weir.window.TimeWindow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The keyed-state contract, asserted identically on the heap backend and on Chronicle Map
 * (with a normal and with a two-entry cache, so that entries go through the map).
 */
class KeyedStateConformanceTest {
    private static final int MAX_PARALLELISM = 128;
    private static final TimeWindow W1 = new TimeWindow(0, 1000);
    private static final TimeWindow W2 = new TimeWindow(1000, 2000);
    private static final TimeWindow W3 = new TimeWindow(2000, 3000);

    private final List<KeyedStateBackend<?>> opened = new ArrayList<>();

    @AfterEach
    void closeBackends() {
        for (final KeyedStateBackend<?> backend : opened) {
            backend.close();
            backend.close();
        }
    }

    private KeyedStateBackend<String> backend(final Backends kind) {
        return backend(kind, new KeyGroupRange(0, MAX_PARALLELISM - 1));
    }

    private KeyedStateBackend<String> backend(final Backends kind, final KeyGroupRange range) {
        final KeyedStateBackend<String> backend = kind.create(range, MAX_PARALLELISM);
        opened.add(backend);
        return backend;
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void valueStateHoldsOneValuePerKeyAndNamespace(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final ValueState<String> state = backend.state(new ValueStateDescriptor<>("last"));
        assertSame(state, backend.state(new ValueStateDescriptor<String>("last")), "the same object for the same name");
        for (int k = 0; k < 20; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(W1);
            state.update("w1-" + k);
            state.setNamespace(W2);
            state.update("w2-" + k);
        }
        for (int k = 0; k < 20; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(W1);
            assertEquals("w1-" + k, state.value());
            state.setNamespace(W2);
            assertEquals("w2-" + k, state.value());
            state.setNamespace(W3);
            assertNull(state.value());
        }
        backend.setCurrentKey("k3");
        state.setNamespace(W1);
        state.update(null);
        assertNull(state.value());
        state.setNamespace(W2);
        state.clear();
        assertNull(state.value());
        assertEquals(38, backend.entryCount());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void listStateKeepsArrivalOrder(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final ListState<Long> state = backend.state(new ListStateDescriptor<>("contents"));
        for (long i = 0; i < 10; i++) {
            for (int k = 0; k < 10; k++) {
                backend.setCurrentKey("k" + k);
                state.setNamespace(W1);
                state.add(i * 10 + k);
            }
        }
        for (int k = 0; k < 10; k++) {
            backend.setCurrentKey("k" + k);
            state.setNamespace(W1);
            final List<Long> expected = new ArrayList<>();
            for (long i = 0; i < 10; i++) {
                expected.add(i * 10 + k);
            }
            assertEquals(expected, state.get());
        }
        backend.setCurrentKey("k1");
        state.update(List.of(7L, 8L));
        assertEquals(List.of(7L, 8L), state.get());
        state.update(List.of());
        assertNull(state.get());
        assertEquals(9, backend.entryCount());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void reducingStateFoldsWhatIsAdded(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final ReducingState<Long> state = backend.state(new ReducingStateDescriptor<>("count", Long::sum));
        for (int i = 0; i < 30; i++) {
            backend.setCurrentKey("k" + i % 6);
            state.setNamespace(VoidNamespace.INSTANCE);
            state.add((long) i);
        }
        for (int k = 0; k < 6; k++) {
            backend.setCurrentKey("k" + k);
            assertEquals(5L * k + 60, state.get());
        }
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void aggregatingStateUpdatesItsAccumulatorInPlace(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final AggregatingState<Long, String> state = backend.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
        for (int i = 0; i < 1000; i++) {
            backend.setCurrentKey("k" + i % 50);
            state.setNamespace(i % 2 == 0 ? W1 : W2);
            state.add((long) i);
        }
        backend.setCurrentKey("k7");
        state.setNamespace(W1);
        assertNull(state.get());
        state.setNamespace(W2);
        long sum = 0;
        for (int i = 7; i < 1000; i += 50) {
            sum += i;
        }
        assertEquals("20/" + sum, state.get());
        assertEquals(50, backend.entryCount());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void mergingNamespacesAppendsInMergeOrderAndRemovesTheSources(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final ListState<String> list = backend.state(new ListStateDescriptor<>("list"));
        final ReducingState<String> reducing = backend.state(new ReducingStateDescriptor<>("reducing", String::concat));
        final AggregatingState<Long, String> aggregating = backend.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
        backend.setCurrentKey("a");
        for (final TimeWindow window : List.of(W1, W2, W3)) {
            list.setNamespace(window);
            reducing.setNamespace(window);
            aggregating.setNamespace(window);
            for (int i = 0; i < 2; i++) {
                list.add(window.start() + "." + i);
                reducing.add(window.start() + "." + i + ";");
                aggregating.add(window.start() + i);
            }
        }
        list.mergeNamespaces(W2, List.of(W3, W1));
        reducing.mergeNamespaces(W2, List.of(W3, W1));
        aggregating.mergeNamespaces(W2, List.of(W3, W1));
        list.setNamespace(W2);
        assertEquals(List.of("1000.0", "1000.1", "2000.0", "2000.1", "0.0", "0.1"), list.get());
        reducing.setNamespace(W2);
        assertEquals("1000.0;1000.1;2000.0;2000.1;0.0;0.1;", reducing.get());
        aggregating.setNamespace(W2);
        assertEquals("6/6003", aggregating.get());
        for (final TimeWindow gone : List.of(W1, W3)) {
            list.setNamespace(gone);
            assertNull(list.get());
        }
        assertEquals(3, backend.entryCount());
        final TimeWindow fresh = new TimeWindow(5000, 6000);
        list.mergeNamespaces(fresh, List.of(W2));
        list.setNamespace(fresh);
        assertEquals(6, list.get().size());
        assertEquals(3, backend.entryCount());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void clearRemovesOnlyTheCurrentKeyAndNamespace(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final ValueState<Long> state = backend.state(new ValueStateDescriptor<>("v"));
        for (int k = 0; k < 10; k++) {
            backend.setCurrentKey("k" + k);
            for (final TimeWindow window : List.of(W1, W2)) {
                state.setNamespace(window);
                state.update((long) k);
            }
        }
        backend.setCurrentKey("k4");
        state.setNamespace(W1);
        state.clear();
        state.clear();
        assertNull(state.value());
        state.setNamespace(W2);
        assertEquals(4L, state.value());
        backend.setCurrentKey("k5");
        state.setNamespace(W1);
        assertEquals(5L, state.value());
        assertEquals(19, backend.entryCount());
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void keysAndRestoredEntriesOutsideTheKeyGroupRangeAreRejected(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind, new KeyGroupRange(0, 63));
        String outside = null;
        for (int i = 0; outside == null; i++) {
            if (KeyGroups.keyGroupOf("k" + i, MAX_PARALLELISM) >= 64) {
                outside = "k" + i;
            }
        }
        final String key = outside;
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> backend.setCurrentKey(key));
        assertTrue(e.getMessage().contains("outside this instance's range [0, 63]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> backend.restoreEntry("v", 100, key, W1, 1L));
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void aSnapshotRestoresIntoStatesDeclaredAfterwards(final Backends kind) {
        final KeyedStateBackend<String> source = backend(kind);
        final AggregatingState<Long, String> aggregating = source.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
        final ListState<String> list = source.state(new ListStateDescriptor<>("list"));
        for (int i = 0; i < 200; i++) {
            source.setCurrentKey("k" + i % 40);
            aggregating.setNamespace(i % 3 == 0 ? W1 : W2);
            aggregating.add((long) i);
            list.setNamespace(VoidNamespace.INSTANCE);
            list.add("e" + i);
        }
        source.flush();
        final List<Object[]> entries = snapshot(source);
        assertEquals(source.entryCount(), entries.size());

        final KeyedStateBackend<String> target = backend(kind);
        for (final Object[] entry : entries) {
            target.restoreEntry((String) entry[0], (Integer) entry[1], entry[2], entry[3], entry[4]);
        }
        assertEquals(source.entryCount(), target.entryCount(), "restored entries count before their states are declared");
        final AggregatingState<Long, String> restoredAggregating = target.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
        final ListState<String> restoredList = target.state(new ListStateDescriptor<>("list"));
        for (int k = 0; k < 40; k++) {
            source.setCurrentKey("k" + k);
            target.setCurrentKey("k" + k);
            for (final TimeWindow window : List.of(W1, W2)) {
                aggregating.setNamespace(window);
                restoredAggregating.setNamespace(window);
                assertEquals(aggregating.get(), restoredAggregating.get());
            }
            list.setNamespace(VoidNamespace.INSTANCE);
            restoredList.setNamespace(VoidNamespace.INSTANCE);
            assertEquals(list.get(), restoredList.get());
        }
        assertEquals(describe(entries), describe(snapshot(target)));
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void entryCountsAreExactWhileEntriesMoveBetweenCacheAndMap(final Backends kind) {
        final KeyedStateBackend<String> backend = backend(kind);
        final ValueState<Long> value = backend.state(new ValueStateDescriptor<>("value"));
        final AggregatingState<Long, String> aggregating = backend.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
        for (int k = 0; k < 50; k++) {
            backend.setCurrentKey("k" + k);
            for (final TimeWindow window : List.of(W1, W2)) {
                value.setNamespace(window);
                value.update((long) k);
                aggregating.setNamespace(window);
                aggregating.add((long) k);
            }
            assertEquals(4L * (k + 1), backend.entryCount());
        }
        backend.flush();
        assertEquals(200, backend.entryCount());
        for (int k = 0; k < 50; k += 2) {
            backend.setCurrentKey("k" + k);
            value.setNamespace(W1);
            value.clear();
            aggregating.setNamespace(W2);
            aggregating.clear();
            aggregating.setNamespace(W3);
            aggregating.clear();
        }
        assertEquals(150, backend.entryCount());
        backend.flush();
        assertEquals(150, backend.entryCount());
        assertEquals(150, snapshot(backend).size());
        if (kind.offHeap()) {
            assertTrue(backend.offHeapBytes() > 0, "off-heap bytes " + backend.offHeapBytes());
        }
    }

    private static List<Object[]> snapshot(final KeyedStateBackend<?> backend) {
        final List<Object[]> entries = new ArrayList<>();
        backend.snapshot((stateName, keyGroup, key, namespace, value) -> {
            assertEquals(KeyGroups.keyGroupOf(key, backend.maxParallelism()), keyGroup, "each entry with its key's key group");
            entries.add(new Object[] {stateName, keyGroup, key, namespace, value});
        });
        return entries;
    }

    private static Set<String> describe(final List<Object[]> entries) {
        final Set<String> described = new HashSet<>();
        for (final Object[] entry : entries) {
            final Object value = entry[4] instanceof CountSum ? CountSum.FUNCTION.getResult((CountSum) entry[4]) : entry[4];
            described.add(entry[0] + " " + entry[1] + " " + entry[2] + " " + entry[3] + " " + value);
        }
        return described;
    }
}
