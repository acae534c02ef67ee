package dev.weir.runtime;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The parallel instances of one sink that have not finished yet: each instance's
 * {@link SinkOutput} reports its end here once, and the last one to end calls
 * {@link Sink#allFinished()}. The count is an atomic read-modify-write, so every instance's
 * {@link Sink#finish()} happens-before the last one's {@code allFinished()}. Thread-safe.
 */
public final class SinkInstances {
    private final AtomicInteger unfinished;

    /** @param instances how many instances feed the sink, at least 1 */
    public SinkInstances(final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("a sink has at least one instance: " + instances);
        }
        this.unfinished = new AtomicInteger(instances);
    }

    /**
     * One instance's input ended and its {@link Sink#finish()} returned: if it was the last,
     * calls {@link Sink#allFinished()} on the calling thread.
     *
     * @param sink the sink all the instances feed
     */
    void instanceFinished(final Sink<?> sink) {
        if (unfinished.decrementAndGet() == 0) {
            sink.allFinished();
        }
    }

    /** @return instances whose input has not ended yet; any thread */
    public int unfinished() {
        return unfinished.get();
    }
}
