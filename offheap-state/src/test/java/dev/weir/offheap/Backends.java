package dev.weir.offheap;

import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateBackend;
import java.util.List;

/** The backends every conformance assertion runs against, by name. */
enum Backends {
    HEAP(HeapStateBackend.INSTANCE),
    CHRONICLE(new ChronicleStateBackend(ChronicleStateConfig.defaults().withMaxEntries(10_000))),
    /** Two cached entries per state: nearly every access goes through the map. */
    CHRONICLE_TINY_CACHE(new ChronicleStateBackend(ChronicleStateConfig.defaults().withMaxEntries(10_000).withCacheEntries(2))),
    /**
     * No cap, first maps for 64 entries and two cached entries: entries go through a chain of
     * maps that grows (64, 128, 256, ...) as states fill.
     */
    CHRONICLE_GROWING(new ChronicleStateBackend(ChronicleStateConfig.defaults().withInitialEntries(64).withCacheEntries(2)));

    private final StateBackend backend;

    Backends(final StateBackend backend) {
        this.backend = backend;
    }

    StateBackend backend() {
        return backend;
    }

    <K> KeyedStateBackend<K> create(final KeyGroupRange range, final int maxParallelism) {
        return backend.createKeyedStateBackend("op", 0, range, maxParallelism);
    }

    static List<Backends> all() {
        return List.of(values());
    }

    /** @return whether entries of the backend live outside the heap */
    boolean offHeap() {
        return this != HEAP;
    }
}
