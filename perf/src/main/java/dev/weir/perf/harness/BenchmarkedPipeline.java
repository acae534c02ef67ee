package dev.weir.perf.harness;

import java.util.List;

/**
 * One system under benchmark, built by a {@link PipelineFactory} for one run: started, fed events from the
 * harness's generating thread, then finished. Its sink reports every result to the {@link Arrivals} it was built
 * with. The harness calls every method from its own (generating) thread.
 *
 * @param <E> the event type
 */
public interface BenchmarkedPipeline<E> {
    /** Starts the pipeline's threads; called once before the first {@link #send}. */
    void start();

    /**
     * Hands one event to the pipeline; must not allocate in steady state. The event is refilled in place for the
     * next send as soon as this returns, so the pipeline must not keep a reference to it past that.
     *
     * @param event the event, already refilled by the {@link EventFactory}
     */
    void send(E event);

    /**
     * Ends the input and waits until every result has reached the sink.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void finish() throws InterruptedException;

    /** @return the pipeline's own threads (not the generating one), for allocation accounting; valid after {@link #start} */
    List<Thread> threads();
}
