package dev.weir.perf;

import java.util.List;

/**
 * A system under the latency benchmark: started, fed ticks from one generating thread, then
 * finished. Each implementation ends in a {@link LatencyRecorder} on its consumer thread.
 */
public interface LatencyTarget {
    /** @return a short description for the results table */
    String name();

    /** Starts the consumer thread(s). */
    void start();

    /**
     * Sends one tick; called on the generating thread, allocation-free.
     *
     * @param tick the tick
     * @param eventTimeMillis its event time
     */
    void send(Tick tick, long eventTimeMillis);

    /**
     * Ends the input and waits for the consumer thread(s) to finish.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void finish() throws InterruptedException;

    /** @return the consumer threads, for allocation accounting */
    List<Thread> consumerThreads();

    /** @return the latencies recorded */
    LatencyRecorder recorder();
}
