package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.state.AggregatingState;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateBackends;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.window.TimeWindow;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the Chronicle backend has: sizing errors, files, zero allocation through the map. */
class ChronicleKeyedStateBackendTest {
    private static final KeyGroupRange ALL = new KeyGroupRange(0, 127);
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static KeyedStateBackend<String> backend(final ChronicleStateConfig config) {
        return new ChronicleStateBackend(config).createKeyedStateBackend("bars", 2, ALL, 128);
    }

    @Test
    void aStateAboutToOutgrowItsEntriesFailsWithTheSettingToRaise() {
        final KeyedStateBackend<String> backend = backend(ChronicleStateConfig.defaults().withMaxEntries(10).withCacheEntries(4));
        try {
            final ValueState<Long> state = backend.state(new ValueStateDescriptor<>("last-price"));
            state.setNamespace(new TimeWindow(0, 1000));
            for (int k = 0; k < 10; k++) {
                backend.setCurrentKey("k" + k);
                state.update((long) k);
            }
            backend.setCurrentKey("k3");
            state.update(33L);
            backend.setCurrentKey("k10");
            final StateCapacityException e = assertThrows(StateCapacityException.class, () -> state.update(10L));
            assertEquals("state 'last-price' of operator 'bars' (instance 2, key groups [0, 127]) holds 10 entries,"
                    + " the most state.max-entries=10 allows; raise state.max-entries (--state-max-entries)"
                    + " or use more instances", e.getMessage());
            assertEquals(10, backend.entryCount());
            backend.setCurrentKey("k4");
            state.clear();
            backend.setCurrentKey("k10");
            state.update(10L);
            assertEquals(10, backend.entryCount());
        } finally {
            backend.close();
        }
    }

    @Test
    void aValueFarLargerThanTheAverageFailsWithTheSettingToRaise() {
        final KeyedStateBackend<String> backend = backend(ChronicleStateConfig.defaults().withMaxEntries(100)
                .withAverageBytes(16, 16).withCacheEntries(1));
        try {
            final ValueState<String> state = backend.state(new ValueStateDescriptor<>("text"));
            backend.setCurrentKey("a");
            state.update("x".repeat(1_000_000));
            backend.setCurrentKey("b");
            final StateCapacityException e = assertThrows(StateCapacityException.class, () -> state.update("y"));
            assertTrue(e.getMessage().contains("state 'text' of operator 'bars'"), e.getMessage());
            assertTrue(e.getMessage().contains("state.average-value-bytes"), e.getMessage());
        } finally {
            backend.close();
        }
    }

    @Test
    void withAStateDirectoryEachStateIsAFileMadeAnewAtStart(@TempDir final Path directory) throws Exception {
        final ChronicleStateConfig config = ChronicleStateConfig.defaults().withMaxEntries(1000).withStateDirectory(directory);
        final Path file = directory.resolve("bars").resolve("2").resolve("last_price.cm");
        final KeyedStateBackend<String> first = backend(config);
        final ValueState<Long> state = first.state(new ValueStateDescriptor<>("last price"));
        first.setCurrentKey("a");
        state.setNamespace(new TimeWindow(0, 1000));
        state.update(7L);
        first.flush();
        assertTrue(Files.size(file) > 0, "the map is persisted to " + file);
        first.close();
        first.close();

        final KeyedStateBackend<String> second = backend(config);
        try {
            final ValueState<Long> again = second.state(new ValueStateDescriptor<>("last price"));
            second.setCurrentKey("a");
            again.setNamespace(new TimeWindow(0, 1000));
            assertEquals(null, again.value(), "recovery comes from checkpoints, not from old files");
            assertEquals(0, second.entryCount());
        } finally {
            second.close();
        }
    }

    @Test
    void aClosedBackendMakesNoNewState() {
        final KeyedStateBackend<String> backend = backend(ChronicleStateConfig.defaults().withMaxEntries(100));
        backend.close();
        assertThrows(IllegalStateException.class, () -> backend.state(new ValueStateDescriptor<>("late")));
    }

    @Test
    void theChronicleBackendIsTheDefaultWhenItsModuleIsOnTheClassPath() {
        assertInstanceOf(ChronicleStateBackend.class, StateBackends.defaultBackend());
    }

    @Test
    void aggregateAddsOnWarmKeysAllocateNothing() {
        final KeyedStateBackend<String> backend = backend(ChronicleStateConfig.defaults().withMaxEntries(10_000));
        try {
            final double bytesPerAdd = bytesPerAdd(backend, 1000, 100_000);
            assertTrue(bytesPerAdd < 1, bytesPerAdd + " bytes per add");
            assertFalse(backend.entryCount() == 0);
        } finally {
            backend.close();
        }
    }

    @Test
    void aggregateAddsThroughTheMapAllocateNothing() {
        // 16 cached entries for 1000 keys: nearly every add evicts one accumulator to the map
        // and reads another out of it, into the evicted object.
        final KeyedStateBackend<String> backend = backend(ChronicleStateConfig.defaults().withMaxEntries(10_000).withCacheEntries(16));
        try {
            final double bytesPerAdd = bytesPerAdd(backend, 1000, 100_000);
            assertTrue(bytesPerAdd < 1, bytesPerAdd + " bytes per add");
        } finally {
            backend.close();
        }
    }

    @Test
    void aggregateAddsThroughAChainOfMapsAllocateNothing() {
        // no cap and first maps for 100 entries: the 1000 accumulators spread over maps of 100,
        // 200, 400 and 800 entries during the warm-up, and every miss may try several of them
        final ChronicleKeyedStateBackend<String> backend = (ChronicleKeyedStateBackend<String>) backend(
                ChronicleStateConfig.defaults().withInitialEntries(100).withCacheEntries(16));
        try {
            final double bytesPerAdd = bytesPerAdd(backend, 1000, 100_000);
            assertTrue(bytesPerAdd < 1, bytesPerAdd + " bytes per add");
            assertEquals(4, backend.mapCount("agg"));
        } finally {
            backend.close();
        }
    }

    private static double bytesPerAdd(final KeyedStateBackend<String> backend, final int keyCount, final int adds) {
        final AggregatingState<Long, String> state = backend.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
        final String[] keys = new String[keyCount];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = "SYM" + k;
        }
        final TimeWindow window = new TimeWindow(0, 1000);
        final Long one = 1L;
        for (int i = 0; i < 3 * adds; i++) {
            add(backend, state, keys[i % keys.length], window, one);
        }
        final long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < adds; i++) {
            add(backend, state, keys[i % keys.length], window, one);
        }
        final long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        backend.setCurrentKey(keys[0]);
        state.setNamespace(window);
        assertEquals((4L * adds / keyCount) + "/" + (4L * adds / keyCount), state.get());
        return (double) allocated / adds;
    }

    private static void add(final KeyedStateBackend<String> backend, final AggregatingState<Long, String> state,
            final String key, final TimeWindow window, final Long value) {
        backend.setCurrentKey(key);
        state.setNamespace(window);
        state.add(value);
    }
}
