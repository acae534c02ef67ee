package dev.weir.offheap;

import dev.weir.state.AggregatingState;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.window.TimeWindow;

/**
 * Times keyed aggregate adds on the heap and on Chronicle Map (warm cache, and a cache far
 * smaller than the keys so every add goes through the map), and the creation of a backend
 * with one state, in one JVM. Not a test: run its main with the weir.jvm.flags; the numbers
 * in docs/state.md come from it.
 */
public final class StateAccessTiming {
    private static final int KEYS = 10_000;
    private static final int ADDS = 5_000_000;

    private StateAccessTiming() {
    }

    /** @param args ignored */
    public static void main(final String[] args) {
        final ChronicleStateConfig config = ChronicleStateConfig.defaults();
        for (int round = 0; round < 3; round++) {
            System.out.printf("round %d%n", round);
            time("heap", HeapStateBackend.INSTANCE);
            time("chronicle, cache 65536", new ChronicleStateBackend(config));
            time("chronicle, cache 64 (through the map)", new ChronicleStateBackend(config.withCacheEntries(64)));
        }
    }

    private static void time(final String name, final StateBackend stateBackend) {
        final long createStart = System.nanoTime();
        final KeyedStateBackend<String> backend = stateBackend.createKeyedStateBackend("timing", 0, new KeyGroupRange(0, 127), 128);
        final AggregatingState<Long, String> state = backend.state(new AggregatingStateDescriptor<>("agg", CountSum.FUNCTION));
        final long createNanos = System.nanoTime() - createStart;
        final String[] keys = new String[KEYS];
        for (int k = 0; k < KEYS; k++) {
            keys[k] = "SYM" + k;
        }
        final TimeWindow window = new TimeWindow(0, 1000);
        final Long one = 1L;
        for (int i = 0; i < ADDS; i++) {
            backend.setCurrentKey(keys[i % KEYS]);
            state.setNamespace(window);
            state.add(one);
        }
        final long start = System.nanoTime();
        for (int i = 0; i < ADDS; i++) {
            backend.setCurrentKey(keys[i % KEYS]);
            state.setNamespace(window);
            state.add(one);
        }
        final long nanos = System.nanoTime() - start;
        System.out.printf("  %-40s %6.1f M adds/s (%5.1f ns/add), backend created in %6.1f ms, off-heap %,d bytes%n", name,
                ADDS * 1e3 / nanos, (double) nanos / ADDS, createNanos / 1e6, backend.offHeapBytes());
        backend.close();
    }
}
