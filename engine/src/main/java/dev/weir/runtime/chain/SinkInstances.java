package dev.weir.runtime.chain;

import dev.weir.runtime.sink.Sink;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The parallel instances of one sink that have not finished yet: each instance's
 * {@link dev.weir.runtime.chain.SinkOutput} reports its end here once, and the last one to end calls
 * {@link Sink#allFinished()}. The count is an atomic read-modify-write, so every instance's
 * {@link Sink#finish()} happens-before the last one's {@code allFinished()}. Thread-safe.
 */
public final class SinkInstances {
    private final Sink<?> sink;
    private final AtomicInteger unfinished;

    /**
     * @param sink the sink the pipeline was given: its {@link Sink#allFinished()} is called, not
     *     that of a per-instance sink ({@link Sink#instance})
     * @param instances how many instances feed the sink, at least 1
     */
    public SinkInstances(final Sink<?> sink, final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("a sink has at least one instance: " + instances);
        }
        this.sink = sink;
        this.unfinished = new AtomicInteger(instances);
    }

    /**
     * Instances counted as they are made ({@link #instanceAdded()}): a side output's sink, which
     * every task of every stage takes an instance of.
     *
     * @param sink the sink the pipeline was given
     */
    SinkInstances(final Sink<?> sink) {
        this.sink = sink;
        this.unfinished = new AtomicInteger();
    }

    /** One more instance feeds the sink; before any of them runs. */
    void instanceAdded() {
        unfinished.incrementAndGet();
    }

    /**
     * One instance's input ended and its {@link Sink#finish()} returned: if it was the last,
     * calls {@link Sink#allFinished()} on the calling thread.
     */
    void instanceFinished() {
        if (unfinished.decrementAndGet() == 0) {
            sink.allFinished();
        }
    }

    /** @return instances whose input has not ended yet; any thread */
    public int unfinished() {
        return unfinished.get();
    }
}
