package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.state.AggregatingState;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.window.TimeWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Without a cap a state grows past the entries its first map was made for, by a chain of
 * larger maps, and loses nothing; with a cap the same input fails as before (docs/state.md,
 * "Sizing and growth").
 */
class GrowingStateTest {
    private static final KeyGroupRange ALL = new KeyGroupRange(0, 127);
    private static final TimeWindow WINDOW = new TimeWindow(0, 1000);
    private static final int FIRST_MAP = 1000;
    /** Maps of 1000 + 2000 + 4000 + 8000 entries hold 15,000: 20,000 entries need a fifth map. */
    private static final int KEYS = 20_000;
    /** What maps of 1000 + 2000 + 4000 + 8000 entries hold. */
    private static final int FULL = 15_000;

    private static ChronicleKeyedStateBackend<String> backend(final ChronicleStateConfig config) {
        return (ChronicleKeyedStateBackend<String>) new ChronicleStateBackend(config)
                .<String>createKeyedStateBackend("bars", 1, ALL, 128);
    }

    private static ChronicleStateConfig growing(final int cacheEntries) {
        return ChronicleStateConfig.defaults().withInitialEntries(FIRST_MAP).withCacheEntries(cacheEntries);
    }

    /** Small caches send nearly every entry through the maps; a large one writes them all at the flush. */
    @ParameterizedTest
    @ValueSource(ints = {1, 64, 65_536})
    void aValueStateGrowsPastItsFirstMapAndKeepsEveryEntry(final int cacheEntries) {
        final ChronicleKeyedStateBackend<String> backend = backend(growing(cacheEntries));
        try {
            final ValueState<Long> state = backend.state(new ValueStateDescriptor<>("last-price"));
            state.setNamespace(WINDOW);
            for (int k = 0; k < KEYS; k++) {
                backend.setCurrentKey("k" + k);
                state.update((long) k);
            }
            backend.flush();
            assertEquals(KEYS, backend.entryCount());
            assertEquals(5, backend.mapCount("last-price"));
            for (int k = 0; k < KEYS; k++) {
                backend.setCurrentKey("k" + k);
                assertEquals(Long.valueOf(k), state.value(), "k" + k);
            }
            backend.setCurrentKey("absent");
            assertEquals(null, state.value());

            final Map<String, Object> visited = visit(backend);
            assertEquals(KEYS, visited.size());
            for (int k = 0; k < KEYS; k++) {
                assertEquals(Long.valueOf(k), visited.get("k" + k), "k" + k);
            }
        } finally {
            backend.close();
        }
    }

    @Test
    void updatesAndRemovalsReachTheMapHoldingTheEntryAndFreedRoomIsUsedAgain() {
        final ChronicleKeyedStateBackend<String> backend = backend(growing(16));
        try {
            final ValueState<Long> state = backend.state(new ValueStateDescriptor<>("last-price"));
            state.setNamespace(WINDOW);
            for (int k = 0; k < FULL; k++) {
                backend.setCurrentKey("k" + k);
                state.update((long) k);
            }
            backend.flush();
            assertEquals(4, backend.mapCount("last-price"), "four full maps");
            // every third key changes, every third one goes: in every map of the chain
            for (int k = 0; k < FULL; k += 3) {
                backend.setCurrentKey("k" + k);
                state.update(-1L - k);
                backend.setCurrentKey("k" + (k + 1));
                state.clear();
            }
            final int removed = FULL / 3;
            assertEquals(FULL - removed, backend.entryCount());
            // as many new keys as were removed fit in the room the removals freed
            for (int k = 0; k < removed; k++) {
                backend.setCurrentKey("n" + k);
                state.update((long) k);
            }
            backend.flush();
            assertEquals(FULL, backend.entryCount());
            assertEquals(4, backend.mapCount("last-price"), "no map joined");
            final Map<String, Object> visited = visit(backend);
            assertEquals(FULL, visited.size());
            for (int k = 0; k < FULL; k++) {
                final Object expected = k % 3 == 0 ? Long.valueOf(-1L - k) : k % 3 == 1 ? null : Long.valueOf(k);
                assertEquals(expected, visited.get("k" + k), "k" + k);
                backend.setCurrentKey("k" + k);
                assertEquals(expected, state.value(), "k" + k);
            }
            for (int k = 0; k < removed; k++) {
                assertEquals(Long.valueOf(k), visited.get("n" + k), "n" + k);
            }
        } finally {
            backend.close();
        }
    }

    @Test
    void aGrownStateOfEveryKindSnapshotsAndRestoresEveryEntry() {
        final ChronicleKeyedStateBackend<String> source = backend(growing(32));
        final ChronicleKeyedStateBackend<String> target = backend(growing(32));
        try {
            final AggregatingState<Long, String> aggregate = source.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
            final ListState<String> list = source.state(new ListStateDescriptor<>("list"));
            aggregate.setNamespace(WINDOW);
            list.setNamespace(WINDOW);
            for (int k = 0; k < KEYS; k++) {
                source.setCurrentKey("k" + k);
                aggregate.add((long) k);
                aggregate.add(1L);
                list.add("a" + k);
                list.add("b" + k);
            }
            assertEquals(2L * KEYS, source.entryCount());
            source.snapshot((stateName, keyGroup, key, namespace, value) -> {
                assertEquals(KeyGroups.keyGroupOf(key, 128), keyGroup);
                target.restoreEntry(stateName, keyGroup, key, namespace, value);
            });
            assertEquals(2L * KEYS, target.entryCount());
            assertEquals(5, target.mapCount("agg"));
            assertEquals(5, target.mapCount("list"));
            final AggregatingState<Long, String> restoredAggregate = target.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
            final ListState<String> restoredList = target.state(new ListStateDescriptor<>("list"));
            restoredAggregate.setNamespace(WINDOW);
            restoredList.setNamespace(WINDOW);
            for (int k = 0; k < KEYS; k++) {
                target.setCurrentKey("k" + k);
                assertEquals("2/" + (k + 1), restoredAggregate.get(), "k" + k);
                assertEquals(List.of("a" + k, "b" + k), restoredList.get(), "k" + k);
            }
        } finally {
            source.close();
            target.close();
        }
    }

    @Test
    void withACapTheSameInputFailsAtTheCap() {
        final ChronicleKeyedStateBackend<String> backend = backend(growing(64).withMaxEntries(FIRST_MAP));
        try {
            final ValueState<Long> state = backend.state(new ValueStateDescriptor<>("last-price"));
            state.setNamespace(WINDOW);
            for (int k = 0; k < FIRST_MAP; k++) {
                backend.setCurrentKey("k" + k);
                state.update((long) k);
            }
            backend.setCurrentKey("k" + FIRST_MAP);
            final StateCapacityException e = assertThrows(StateCapacityException.class, () -> state.update(0L));
            assertEquals("state 'last-price' of operator 'bars' (instance 1, key groups [0, 127]) holds 1000 entries,"
                    + " the most state.max-entries=1000 allows; raise state.max-entries (--state-max-entries)"
                    + " or use more instances", e.getMessage());
            backend.flush();
            assertEquals(FIRST_MAP, backend.entryCount());
            assertEquals(1, backend.mapCount("last-price"));
        } finally {
            backend.close();
        }
    }

    @Test
    void withAStateDirectoryTheMapsAStateGrewByAreFilesMadeAnewAtStart(@TempDir final Path directory) throws Exception {
        final ChronicleStateConfig config = growing(64).withStateDirectory(directory);
        final Path instanceDirectory = directory.resolve("bars").resolve("1");
        final ChronicleKeyedStateBackend<String> first = backend(config);
        final ValueState<Long> state = first.state(new ValueStateDescriptor<>("last price"));
        state.setNamespace(WINDOW);
        for (int k = 0; k < 2 * FIRST_MAP; k++) {
            first.setCurrentKey("k" + k);
            state.update((long) k);
        }
        first.flush();
        first.close();
        assertTrue(Files.size(instanceDirectory.resolve("last_price.cm")) > 0);
        assertTrue(Files.size(instanceDirectory.resolve("last_price.1.cm")) > 0);
        assertFalse(Files.exists(instanceDirectory.resolve("last_price.2.cm")));

        final ChronicleKeyedStateBackend<String> second = backend(config);
        try {
            final ValueState<Long> again = second.state(new ValueStateDescriptor<>("last price"));
            assertTrue(Files.exists(instanceDirectory.resolve("last_price.cm")));
            assertFalse(Files.exists(instanceDirectory.resolve("last_price.1.cm")), "the grown maps of the last run are gone");
            second.setCurrentKey("k1");
            again.setNamespace(WINDOW);
            assertEquals(null, again.value());
            assertEquals(0, second.entryCount());
        } finally {
            second.close();
        }
    }

    /** @return key -> value of every entry the snapshot hands over; a key seen twice fails */
    private static Map<String, Object> visit(final ChronicleKeyedStateBackend<String> backend) {
        final Map<String, Object> visited = new HashMap<>();
        backend.snapshot((stateName, keyGroup, key, namespace, value) -> {
            assertEquals(WINDOW, namespace);
            assertEquals(null, visited.put((String) key, value), "visited twice: " + key);
        });
        return visited;
    }
}
