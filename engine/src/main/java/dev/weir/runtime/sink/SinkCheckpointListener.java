package dev.weir.runtime.sink;

import dev.weir.checkpoint.CheckpointListener;
import java.util.ArrayList;
import java.util.List;

/**
 * Tells a pipeline's {@link Sink}, and the sinks of its side outputs, which checkpoints
 * completed and which were abandoned, so that a sink can act on durable checkpoints only (print
 * a checkpoint's mark, commit output): the main sink first, then each side output's, each once.
 * Thread-safe as far as the sinks are.
 */
public final class SinkCheckpointListener implements CheckpointListener {
    private final List<Sink<?>> sinks;

    /** @param sink the sink the pipeline was given */
    public SinkCheckpointListener(final Sink<?> sink) {
        this(sink, List.of());
    }

    /**
     * @param sink the sink the pipeline was given
     * @param sideOutputSinks the sinks given for its side outputs ({@link dev.weir.runtime.chain.SideOutputs#sinks()}); one that is {@code sink} too is told once
     */
    public SinkCheckpointListener(final Sink<?> sink, final List<Sink<?>> sideOutputSinks) {
        this(List.of(sink), sideOutputSinks);
    }

    /**
     * @param sinks the sinks the pipeline was given, in plan order (several when streams fan out)
     * @param sideOutputSinks the sinks given for its side outputs ({@link dev.weir.runtime.chain.SideOutputs#sinks()}); a sink given twice is told once
     */
    public SinkCheckpointListener(final List<Sink<?>> sinks, final List<Sink<?>> sideOutputSinks) {
        final List<Sink<?>> all = new ArrayList<>();
        for (final Sink<?> sink : sinks) {
            addOnce(all, sink);
        }
        for (final Sink<?> side : sideOutputSinks) {
            addOnce(all, side);
        }
        this.sinks = List.copyOf(all);
    }

    private static void addOnce(final List<Sink<?>> all, final Sink<?> sink) {
        for (final Sink<?> known : all) {
            if (known == sink) {
                return;
            }
        }
        all.add(sink);
    }

    @Override
    public void committing(final long checkpointId) {
        for (final Sink<?> sink : sinks) {
            sink.checkpointCommitting(checkpointId);
        }
    }

    @Override
    public void completed(final long checkpointId) {
        for (final Sink<?> sink : sinks) {
            sink.checkpointCompleted(checkpointId);
        }
    }

    @Override
    public void abandoned(final long checkpointId) {
        for (final Sink<?> sink : sinks) {
            sink.checkpointAbandoned(checkpointId);
        }
    }
}
