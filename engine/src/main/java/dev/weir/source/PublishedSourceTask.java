package dev.weir.source;

import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PublisherFedTask;
import dev.weir.runtime.PublisherWait;
import org.agrona.concurrent.AgentTerminationException;

/**
 * A source instance fed by a {@link Publisher}: the application's thread emits its records, and
 * its duty cycle does the rest, the part that depends on processing time alone (periodic
 * watermark emission, idleness, the fused operators' processing-time timers, checkpoint
 * barriers). The threaded scheduler gives it no thread (the application calls
 * {@link Publisher#tick()} for that, or {@code RunningPipeline.advanceTo} runs the duty cycle on
 * a virtual clock); the deterministic scheduler runs its duty cycle with the other tasks.
 * Single-threaded: the publishing thread.
 *
 * @param <T> the record type
 */
public final class PublishedSourceTask<T> implements PublisherFedTask {
    private final String roleName;
    private final Publisher<T> publisher;
    private final SourceEmitter<T> emitter;
    private final PipelineControl control;

    /**
     * @param roleName the instance's name
     * @param publisher the application's publisher of this instance
     * @param emitter its emission path
     * @param control the pipeline's shared stop/failure state
     */
    public PublishedSourceTask(final String roleName, final Publisher<T> publisher, final SourceEmitter<T> emitter,
            final PipelineControl control) {
        this.roleName = roleName;
        this.publisher = publisher;
        this.emitter = emitter;
        this.control = control;
    }

    @Override
    public void connect(final PublisherWait wait) {
        publisher.connect(emitter, wait);
    }

    @Override
    public int doWork() {
        if (control.isStopping()) {
            throw new AgentTerminationException();
        }
        if (!emitter.drainOutput()) {
            // back-pressured: the next cycle goes on where this one stopped
            return emitter.chain().drainedEvents();
        }
        if (emitter.isEnded()) {
            throw new AgentTerminationException();
        }
        final int work = emitter.poll() ? 1 : 0;
        emitter.flush();
        return work;
    }

    @Override
    public boolean drainOutput() {
        return emitter.drainOutput();
    }

    @Override
    public long nextDueMillis() {
        return emitter.isEnded() ? Long.MAX_VALUE : emitter.nextDueMillis();
    }

    /** Closes the operators fused behind the source; the scheduler calls it once, after the last publisher call. */
    @Override
    public void onClose() {
        emitter.chain().close();
    }

    @Override
    public String roleName() {
        return roleName;
    }

    /** @return the emission path, for metrics */
    public SourceEmitter<T> emitter() {
        return emitter;
    }
}
