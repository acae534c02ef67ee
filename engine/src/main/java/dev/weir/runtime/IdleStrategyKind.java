package dev.weir.runtime;

import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * How a task's thread waits when it found nothing to do. Busy-spinning gives the lowest
 * latency but owns a core: a pipeline never runs more busy-spinning threads than free cores
 * ({@code n - 1} of {@code n} processors). Busy-spinning tasks beyond that share those threads,
 * several tasks per thread, and keep {@link #BUSY_SPIN}; only on one processor (no free core)
 * do they run {@link #BACKOFF}, each on its own thread (see {@link dev.weir.runtime.pinning.BusySpinBudget}). The default,
 * {@link #BACKOFF}, shares few cores well. The lowest-latency setting: one {@link #BUSY_SPIN}
 * task per free core, each pinned to its own core ({@code StreamPipeline.cpus}); on a 2-core
 * machine, one busy-spinning task pinned to CPU 1 (docs/runtime.md).
 */
public enum IdleStrategyKind {
    /** Spin without yielding: lowest latency, one core per task. */
    BUSY_SPIN,
    /** {@code Thread.yield()} between polls. */
    YIELD,
    /** Spin, then yield, then park with growing pauses (up to 100 µs): the default. */
    BACKOFF,
    /** Park 1 ms between empty polls: least CPU, highest latency. */
    BLOCKING;

    /** @return a new idle strategy of this kind (strategies keep state: one per thread) */
    public IdleStrategy create() {
        switch (this) {
            case BUSY_SPIN:
                return new BusySpinIdleStrategy();
            case YIELD:
                return new YieldingIdleStrategy();
            case BLOCKING:
                return new SleepingIdleStrategy(TimeUnit.MILLISECONDS.toNanos(1));
            case BACKOFF:
            default:
                return new BackoffIdleStrategy(100, 10, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MICROSECONDS.toNanos(100));
        }
    }
}
