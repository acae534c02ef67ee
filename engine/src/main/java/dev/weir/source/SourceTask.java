package dev.weir.source;

import dev.weir.runtime.PipelineControl;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentTerminationException;

/**
 * Runs one source reader as an Agrona {@link Agent}: reads a batch, emits it with timestamps
 * and watermarks, runs periodic emission; at end of input emits MAX and ends downstream.
 *
 * @param <T> the record type
 */
public final class SourceTask<T> implements Agent, SourceOutput<T> {
    private final String roleName;
    private final SourceReader<T> reader;
    private final SourceEmitter<T> emitter;
    private final PipelineControl control;
    private int emitted;

    /**
     * @param roleName the task's name
     * @param reader reads the input
     * @param emitter timestamps, watermarks and the chained operators
     * @param control the pipeline's shared stop/failure state
     */
    public SourceTask(final String roleName, final SourceReader<T> reader, final SourceEmitter<T> emitter, final PipelineControl control) {
        this.roleName = roleName;
        this.reader = reader;
        this.emitter = emitter;
        this.control = control;
    }

    @Override
    public int doWork() throws Exception {
        if (emitter.isEnded() || control.isStopping()) {
            throw new AgentTerminationException();
        }
        emitted = 0;
        final ReadStatus status = reader.read(this);
        int work = emitted;
        if (emitter.poll()) {
            work++;
        }
        if (status == ReadStatus.END) {
            emitter.end();
            work++;
        }
        return work;
    }

    @Override
    public void emit(final T value) {
        emitted++;
        emitter.emit(value, Long.MIN_VALUE);
    }

    @Override
    public void emit(final T value, final long timestamp) {
        emitted++;
        emitter.emit(value, timestamp);
    }

    @Override
    public void onClose() {
        try {
            reader.close();
        } catch (Exception e) {
            control.fail(e);
        }
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
