package dev.weir.perf;

import dev.weir.runtime.Sink;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Adds each window result to shared {@link ResultTotals} and, when its task's input ends,
 * samples how many bytes that task thread has allocated in its life (a thread's counter is
 * gone once it has ended, so it is read on the thread itself). Shared by the instances of a
 * parallel stage; thread-safe.
 */
public final class TotalsSink implements Sink<CountSum> {
    private final ResultTotals totals;
    private final AtomicLong taskBytesAtFinish = new AtomicLong();

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
        taskBytesAtFinish.addAndGet(ThreadAllocation.currentThreadAllocatedBytes());
    }

    /** @return the lifetime allocation of every task thread that has finished, summed */
    public long taskBytesAtFinish() {
        return taskBytesAtFinish.get();
    }
}
