package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.sun.management.ThreadMXBean;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.state.VoidNamespace;
import java.lang.management.ManagementFactory;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * A snapshot streams the entries out of the maps, decoding each just before the visitor gets
 * it: the snapshotting thread allocates the objects it hands over and nothing like a copy of
 * the state (docs/state.md, "Snapshots").
 */
class StreamingSnapshotTest {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int ENTRIES = 200_000;

    @Test
    void aSnapshotOfALargeStateAllocatesFarLessThanTheStateHolds() {
        final KeyedStateBackend<Integer> backend = new ChronicleStateBackend(ChronicleStateConfig.defaults()
                .withInitialEntries(50_000).withCacheEntries(64)).createKeyedStateBackend("bars", 0, new KeyGroupRange(0, 127), 128);
        try {
            final ValueState<Long> state = backend.state(new ValueStateDescriptor<>("last-price"));
            state.setNamespace(VoidNamespace.INSTANCE);
            for (int k = 0; k < ENTRIES; k++) {
                backend.setCurrentKey(k);
                // values from Long's cache, so that decoding them allocates nothing: what the
                // snapshot allocates is then the keys it hands over and its own overhead
                state.update((long) (k % 100));
            }
            backend.flush();
            final long stateBytes = backend.offHeapBytes();
            // the first snapshot also pays for loading and initializing the classes it uses
            backend.snapshot((stateName, keyGroup, key, namespace, value) -> { });
            final BitSet seen = new BitSet(ENTRIES);
            final long[] firstEntryAllocated = {-1};
            final long[] visited = {0};

            final long before = THREADS.getCurrentThreadAllocatedBytes();
            backend.snapshot((stateName, keyGroup, key, namespace, value) -> {
                if (firstEntryAllocated[0] < 0) {
                    firstEntryAllocated[0] = THREADS.getCurrentThreadAllocatedBytes();
                }
                final int k = (Integer) key;
                assertEquals("last-price", stateName);
                assertEquals(KeyGroups.keyGroupOf(key, 128), keyGroup);
                assertEquals(VoidNamespace.INSTANCE, namespace);
                assertEquals(Long.valueOf(k % 100), value);
                if (seen.get(k)) {
                    fail("visited twice: " + k);
                }
                seen.set(k);
                visited[0]++;
            });
            final long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;

            assertEquals(ENTRIES, visited[0]);
            assertEquals(ENTRIES, seen.cardinality());
            final long beforeFirstEntry = firstEntryAllocated[0] - before;
            // a copy first would allocate tens of bytes per entry before the visitor sees one
            assertTrue(beforeFirstEntry < 64 * 1024, beforeFirstEntry + " bytes allocated before the first entry");
            // an Integer key per entry (16 bytes) and little else
            assertTrue(allocated < 24L * ENTRIES, allocated + " bytes allocated for " + ENTRIES + " entries");
            assertTrue(allocated < stateBytes / 4, allocated + " bytes allocated for a state of " + stateBytes + " bytes");
        } finally {
            backend.close();
        }
    }
}
