package dev.weir.perf.bench;

import dev.weir.pipelines.replay.EventPool;
import java.util.function.Supplier;

/** Makes the pool of pre-allocated events an input refills in place, of the size a benchmark asks for. Stateless. */
final class InputPool {
    private InputPool() {
    }

    /**
     * @param poolSize events wanted, within 1..2^30
     * @param events makes each event once
     * @param <E> the event type
     * @return a pool of at least that many events (the next power of two)
     * @throws IllegalArgumentException if the size is out of range
     */
    static <E> EventPool<E> of(final int poolSize, final Supplier<E> events) {
        if (poolSize < 1 || poolSize > 1 << 30) {
            throw new IllegalArgumentException("the pool size must be within 1..2^30: " + poolSize);
        }
        return new EventPool<>(poolSize == 1 ? 1 : Integer.highestOneBit(poolSize - 1) << 1, events);
    }
}
