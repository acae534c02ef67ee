package dev.weir.perf;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.List;

/**
 * The throughput baseline: the generating thread itself aggregates count+sum per tumbling window and key
 * ({@link TumblingCountSums}) as it sends each tick. No threads, no rings, no watermarks, no timers: the cost of the
 * aggregation itself. One instance runs once.
 */
public final class SingleThreadAggregation implements BenchmarkedPipeline<Tick> {
    private final TumblingCountSums windows;

    /**
     * @param keyCount distinct keys
     * @param windowMillis the window size
     * @param totals receives every window result
     * @param arrivals receives the arrival of every result a record fired
     */
    public SingleThreadAggregation(final int keyCount, final long windowMillis, final ResultTotals totals, final Arrivals arrivals) {
        this.windows = new TumblingCountSums(keyCount, windowMillis, totals, arrivals);
    }

    @Override
    public void start() {
        // nothing to start: the work happens in send, on the caller's thread
    }

    @Override
    public void send(final Tick tick) {
        windows.add(tick);
    }

    @Override
    public void finish() {
        windows.end();
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }
}
