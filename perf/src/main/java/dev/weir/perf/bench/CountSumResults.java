package dev.weir.perf.bench;

/**
 * Where a hand-written ceiling hands each window result it computes, in primitives so that passing one allocates
 * nothing: the benchmark passes {@link #NONE}, a test collects them to compare with the engine's
 * {@link WindowCountSum}s. Called on the ceiling's (the sending) thread.
 */
@FunctionalInterface
public interface CountSumResults {
    /** Takes the results and does nothing with them: the ceiling's own work is what is measured. */
    CountSumResults NONE = (key, windowStart, windowEnd, count, sum) -> { };

    /**
     * @param key the key
     * @param windowStart the window's first millisecond
     * @param windowEnd the window's end in milliseconds, exclusive
     * @param count events in the window
     * @param sum their values, summed
     */
    void result(int key, long windowStart, long windowEnd, long count, long sum);
}
