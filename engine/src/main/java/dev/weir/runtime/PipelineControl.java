package dev.weir.runtime;

/**
 * The state every task of one pipeline shares: whether it must stop, and the first failure.
 * Thread-safe.
 */
public final class PipelineControl {
    private volatile boolean stopping;
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
