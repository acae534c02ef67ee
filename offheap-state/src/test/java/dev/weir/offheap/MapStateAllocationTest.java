package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.LongEntryConsumer;
import dev.weir.state.LongMapState;
import dev.weir.state.LongMapStateDescriptor;
import dev.weir.state.VoidNamespace;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What an interval join does to its buffers allocates nothing once they exist, on the heap and on
 * Chronicle with the buffers cached (measured with the thread's allocated-bytes counter): get,
 * contains, overwriting put and remove of existing timestamps, removing a timestamp and adding
 * it again, a buffer that slides (the oldest bucket removed, a newer one added) and a range visit.
 */
@Tag("allocation")
class MapStateAllocationTest {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int KEYS = 1000;
    private static final int BUCKETS = 64;
    private static final int OPERATIONS = 100_000;

    private final List<KeyedStateBackend<?>> opened = new ArrayList<>();
    private final String[] keys = new String[KEYS];
    private final String[] values = new String[BUCKETS];
    /** The first timestamp each key's buffer holds, as it slides. */
    private final long[] oldest = new long[KEYS];
    private long visited;
    private final LongEntryConsumer<String> visitor = (timestamp, value) -> visited += timestamp;

    @AfterEach
    void closeBackends() {
        for (final KeyedStateBackend<?> backend : opened) {
            backend.close();
        }
    }

    private LongMapState<String> fill(final KeyedStateBackend<String> backend) {
        final LongMapState<String> state = backend.state(new LongMapStateDescriptor<>("left-buffer", String.class));
        state.setNamespace(VoidNamespace.INSTANCE);
        for (int b = 0; b < BUCKETS; b++) {
            values[b] = "record-" + b;
        }
        for (int k = 0; k < KEYS; k++) {
            keys[k] = "SYM" + k;
            backend.setCurrentKey(keys[k]);
            for (int b = 0; b < BUCKETS; b++) {
                state.putAt(1_000_000L + 10L * b, values[b]);
            }
            oldest[k] = 1_000_000L;
        }
        return state;
    }

    /** One round of the join's accesses on key {@code i % KEYS}; returns what it read, so nothing is optimized away. */
    private long access(final KeyedStateBackend<String> backend, final LongMapState<String> state, final int i) {
        final int k = i % KEYS;
        backend.setCurrentKey(keys[k]);
        final long first = oldest[k];
        final long middle = first + 10L * (BUCKETS / 2);
        long read = state.get(middle).length();
        read += state.contains(middle + 10) ? 1 : 0;
        state.putAt(middle, values[i % BUCKETS]);
        state.remove(middle);
        state.putAt(middle, values[(i + 1) % BUCKETS]);
        // slide: the oldest bucket is cleaned up, a newer one comes
        state.remove(first);
        state.putAt(first + 10L * BUCKETS, values[i % BUCKETS]);
        oldest[k] = first + 10;
        state.forEach(middle - 30, middle + 30, visitor);
        return read;
    }

    private double bytesPerAccess(final Backends kind) {
        final KeyedStateBackend<String> backend = kind.create(new KeyGroupRange(0, 127), 128);
        opened.add(backend);
        final LongMapState<String> state = fill(backend);
        long read = 0;
        for (int i = 0; i < 3 * OPERATIONS; i++) {
            read += access(backend, state, i);
        }
        final long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < OPERATIONS; i++) {
            read += access(backend, state, i);
        }
        final long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertTrue(read > 0 && visited > 0);
        backend.setCurrentKey(keys[7]);
        int size = 0;
        for (final Long ignored : state.keys()) {
            size++;
        }
        assertEquals(BUCKETS, size, "the buffer slid, it did not grow");
        assertEquals(oldest[7], state.keys().iterator().next());
        assertEquals(KEYS, backend.entryCount());
        return (double) allocated / OPERATIONS;
    }

    @ParameterizedTest
    @EnumSource(value = Backends.class, names = {"HEAP", "CHRONICLE"})
    void theJoinsAccessesToExistingBuffersAllocateNothing(final Backends kind) {
        final double bytes = bytesPerAccess(kind);
        assertTrue(bytes < 1, bytes + " bytes per round of 8 accesses on " + kind);
    }
}
