package dev.weir.perf;

import dev.weir.runtime.Sink;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Adds each window result to shared {@link ResultTotals} and, when its task's input ends,
 * samples how many bytes that task thread has allocated in its life (a thread's counter is
 * gone once it has ended, so it is read on the thread itself). Shared by the instances of a
 * parallel stage; instances that share a thread count it once, at its last reading.
 * Thread-safe.
 */
public final class TotalsSink implements Sink<CountSum> {
    private final ResultTotals totals;
    /** Lifetime allocation per task thread id, at the last finish seen on that thread. */
    private final Map<Long, Long> threadBytesAtFinish = new ConcurrentHashMap<>();

    /** @param totals receives every result */
    public TotalsSink(final ResultTotals totals) {
        this.totals = totals;
    }

    @Override
    public void accept(final CountSum value, final long timestamp) {
        totals.add(value);
    }

    @Override
    public void finish() {
        threadBytesAtFinish.merge(Thread.currentThread().getId(), ThreadAllocation.currentThreadAllocatedBytes(), Math::max);
    }

    /** @return the lifetime allocation of every task thread that has finished, summed (each thread once) */
    public long taskBytesAtFinish() {
        long bytes = 0;
        for (final long threadBytes : threadBytesAtFinish.values()) {
            bytes += threadBytes;
        }
        return bytes;
    }
}
