package dev.weir.runtime;

/**
 * The state every task of one pipeline shares: whether it must stop, whether its sources must
 * stop reading so the rest drains, and the first failure. Thread-safe.
 */
public final class PipelineControl {
    private volatile boolean stopping;
    private volatile boolean draining;
    private volatile Throwable failure;

    /**
     * Records a failure (the first one wins) and asks every task to stop.
     *
     * @param error what went wrong
     */
    public synchronized void fail(final Throwable error) {
        if (failure == null) {
            failure = error;
        }
        stopping = true;
    }

    /**
     * Records a failure of a source's input (the first failure wins) and asks every source to
     * stop reading and end its output without MAX, while the other tasks go on until they have
     * drained what the sources emitted before it: records already accepted are not lost, and
     * windows do not fire as if the input were complete. The pipeline then ends with the failure.
     *
     * @param error what went wrong, e.g. a parse error naming the file and line
     */
    public synchronized void failAfterDrain(final Throwable error) {
        if (failure == null) {
            failure = error;
        }
        draining = true;
    }

    /** @return true once the sources must stop reading and drain (see {@link #failAfterDrain}) */
    public boolean isDraining() {
        return draining;
    }

    /** Asks every task to stop without a failure. */
    public void stop() {
        stopping = true;
    }

    /** @return true once the pipeline must stop */
    public boolean isStopping() {
        return stopping;
    }

    /** @return the first failure, or null */
    public Throwable failure() {
        return failure;
    }

    /**
     * @throws PipelineStoppedException if the pipeline is stopping
     */
    public void checkRunning() {
        if (stopping) {
            throw new PipelineStoppedException(failure);
        }
    }
}
