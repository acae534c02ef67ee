package dev.weir.perf.harness;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/** Bytes allocated by given threads, from HotSpot's per-thread allocation counters. */
public final class ThreadAllocation {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ThreadAllocation() {
    }

    /**
     * @param threads live threads
     * @return the bytes they have allocated so far, summed
     */
    public static long allocatedBytes(final List<Thread> threads) {
        long bytes = 0;
        for (final Thread thread : threads) {
            bytes += Math.max(0, THREADS.getThreadAllocatedBytes(thread.getId()));
        }
        return bytes;
    }

    /** @return the bytes the calling thread has allocated so far */
    public static long currentThreadAllocatedBytes() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
