package dev.weir.perf.bench;

/**
 * Where the ceiling of {@code interval-join} hands each pair it joins, in primitives so that passing one allocates
 * nothing: the benchmark passes {@link #NONE}, a test collects them to compare with the engine's
 * {@link OrderLatency} results. Called on the ceiling's (the sending) thread.
 */
@FunctionalInterface
public interface JoinPairs {
    /** Takes the pairs and does nothing with them: the ceiling's own work is what is measured. */
    JoinPairs NONE = (id, latencyMillis) -> { };

    /**
     * @param id the order id
     * @param latencyMillis the execution's event time minus the order's
     */
    void pair(int id, long latencyMillis);
}
