package dev.weir.runtime;

import dev.weir.checkpoint.CheckpointListener;

/**
 * Tells a pipeline's {@link Sink} which checkpoints completed and which were abandoned, so that
 * a sink can act on durable checkpoints only (print a checkpoint's mark, commit output).
 * Thread-safe as far as the sink is.
 */
public final class SinkCheckpointListener implements CheckpointListener {
    private final Sink<?> sink;

    /** @param sink the sink the pipeline was given */
    public SinkCheckpointListener(final Sink<?> sink) {
        this.sink = sink;
    }

    @Override
    public void completed(final long checkpointId) {
        sink.checkpointCompleted(checkpointId);
    }

    @Override
    public void abandoned(final long checkpointId) {
        sink.checkpointAbandoned(checkpointId);
    }
}
