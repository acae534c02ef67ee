package dev.weir.runtime.sink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A sink that keeps every record, for tests and small tools. Thread-safe: parallel instances
 * may add concurrently; {@link #awaitFinished} waits for the given number of instances to finish.
 *
 * @param <T> the record type
 */
public final class CollectingSink<T> implements Sink<T> {
    private final List<T> values = new ArrayList<>();
    private final List<Long> timestamps = new ArrayList<>();
    private final CountDownLatch finished;

    /** @param instances how many parallel instances feed the sink (1 for an unparallel last stage) */
    public CollectingSink(final int instances) {
        this.finished = new CountDownLatch(instances);
    }

    /** A sink fed by one instance. */
    public CollectingSink() {
        this(1);
    }

    @Override
    public synchronized void accept(final T value, final long timestamp) {
        values.add(value);
        timestamps.add(timestamp);
    }

    @Override
    public void finish() {
        finished.countDown();
    }

    /** @return a copy of the records so far, in arrival order */
    public synchronized List<T> values() {
        return new ArrayList<>(values);
    }

    /** @return a copy of the records' timestamps, in arrival order */
    public synchronized List<Long> timestamps() {
        return new ArrayList<>(timestamps);
    }

    /**
     * @param timeout how long to wait
     * @param unit its unit
     * @return true if every feeding instance finished in time
     * @throws InterruptedException if interrupted
     */
    public boolean awaitFinished(final long timeout, final TimeUnit unit) throws InterruptedException {
        return finished.await(timeout, unit);
    }
}
