package dev.weir.source;

import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineStoppedException;

/**
 * The in-process source of an embedding application: the application's own thread publishes
 * records straight into the pipeline's first ring buffers (after the operators fused behind
 * the source), with no hop and no allocation. Periodic watermarks are emitted from
 * {@link #publish} when due; a publishing thread that may fall silent calls {@link #tick()}
 * from its idle loop so that idleness and watermarks still progress. An exception thrown by the
 * operators fused behind the source fails the whole pipeline and is rethrown to the caller;
 * once the pipeline stopped, every call throws {@link PipelineStoppedException}. Not
 * thread-safe: one publishing thread per publisher (one thread may feed several).
 *
 * @param <T> the record type
 */
public final class Publisher<T> {
    private final String name;
    private final PipelineControl control;
    private volatile SourceEmitter<T> emitter;

    /**
     * @param name the source's name
     * @param control the pipeline's shared stop/failure state
     */
    public Publisher(final String name, final PipelineControl control) {
        this.name = name;
        this.control = control;
    }

    /**
     * Connects the publisher to its pipeline; called once when the pipeline starts.
     *
     * @param sourceEmitter the emission path
     */
    public void connect(final SourceEmitter<T> sourceEmitter) {
        this.emitter = sourceEmitter;
    }

    private SourceEmitter<T> emitter() {
        final SourceEmitter<T> current = emitter;
        if (current == null) {
            throw new IllegalStateException("publisher '" + name + "' is not connected: start the pipeline first");
        }
        if (control.isStopping()) {
            throw new PipelineStoppedException(control.failure());
        }
        return current;
    }

    /**
     * Publishes a record whose timestamp the watermark strategy's assigner extracts.
     *
     * @param value the record; the pipeline may keep it, so do not mutate it afterwards
     */
    public void publish(final T value) {
        publish(value, Long.MIN_VALUE);
    }

    /**
     * @param value the record
     * @param timestamp its event time
     */
    public void publish(final T value, final long timestamp) {
        final SourceEmitter<T> out = emitter();
        try {
            out.emit(value, timestamp);
            out.poll();
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        }
    }

    /** Runs periodic watermark emission and idleness when due; call it when there is nothing to publish. */
    public void tick() {
        final SourceEmitter<T> out = emitter();
        try {
            out.poll();
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        }
    }

    /**
     * @param watermark an explicit watermark (only increases are forwarded)
     */
    public void emitWatermark(final long watermark) {
        final SourceEmitter<T> out = emitter();
        try {
            out.watermarkOutput().emitWatermark(watermark);
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        }
    }

    /** Declares this source idle until its next higher watermark. */
    public void markIdle() {
        final SourceEmitter<T> out = emitter();
        try {
            out.watermarkOutput().markIdle();
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        }
    }

    /** Declares this source active again (it also turns active with its next higher watermark). */
    public void markActive() {
        final SourceEmitter<T> out = emitter();
        try {
            out.watermarkOutput().markActive();
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        }
    }

    /** Ends this source: MAX, then end of input downstream. */
    public void end() {
        final SourceEmitter<T> out = emitter();
        try {
            out.end();
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        }
    }

    /** An operator behind the source (or the source's own code) failed: so does the pipeline. */
    private void failed(final Throwable error) {
        if (!(error instanceof PipelineStoppedException)) {
            control.fail(error);
        }
    }

    /** @return the source's name */
    public String name() {
        return name;
    }

    /** @return records published */
    public long recordsOut() {
        final SourceEmitter<T> current = emitter;
        return current == null ? 0 : current.recordsOut();
    }
}
