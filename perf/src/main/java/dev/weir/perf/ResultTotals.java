package dev.weir.perf;

import dev.weir.state.CountSum;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Totals of the window results a benchmark emitted (results, records counted, prices summed),
 * so two systems can be checked to have computed the same thing. Thread-safe: the sinks of
 * parallel task instances add to it concurrently, once per window result.
 */
public final class ResultTotals {
    private final AtomicLong results = new AtomicLong();
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong sum = new AtomicLong();

    /** @param result one key's result of one window; not kept */
    public void add(final CountSum result) {
        results.incrementAndGet();
        count.addAndGet(result.count());
        sum.addAndGet(result.sum());
    }

    /** @return window results seen */
    public long results() {
        return results.get();
    }

    /** @return records counted over all results */
    public long count() {
        return count.get();
    }

    /** @return prices summed over all results */
    public long sum() {
        return sum.get();
    }

    /**
     * @param other another system's totals
     * @return true if both computed the same results
     */
    public boolean matches(final ResultTotals other) {
        return results() == other.results() && count() == other.count() && sum() == other.sum();
    }

    @Override
    public String toString() {
        return results() + " results, count " + count() + ", sum " + sum();
    }
}
