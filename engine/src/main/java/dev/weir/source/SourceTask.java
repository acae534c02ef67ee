package dev.weir.source;

import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineTask;
import org.agrona.concurrent.AgentTerminationException;

/**
 * Runs one source reader as a {@link PipelineTask}: reads a batch (unless paused for watermark
 * alignment), emits it with timestamps and watermarks, runs periodic emission and alignment; at
 * end of input emits MAX and ends downstream. If the reader fails, the pipeline drains what was
 * emitted before the failure and then fails with it (nothing already accepted is lost); if an
 * operator behind the source fails, the pipeline stops at once. Single-threaded: its runner's
 * thread.
 *
 * <p>It never waits for a full downstream ring (docs/runtime.md, "Back-pressure"): a batch the
 * rings cannot take waits in the output's overflow, each {@link #doWork()} drains that first,
 * and the task reads, polls and aligns only once the output has drained. After end of input (or
 * an abort) it terminates once the output has drained.
 *
 * @param <T> the record type
 */
public final class SourceTask<T> implements PipelineTask, SourceOutput<T> {
    private final String roleName;
    private final SourceReader<T> reader;
    private final SourceEmitter<T> emitter;
    private final PipelineControl control;
    private final SourceAlignment alignment;
    /** The reader's last read found nothing available: a paced reader's input comes with processing time. */
    private boolean readerWaiting;

    /**
     * @param roleName the task's name
     * @param reader reads the input
     * @param emitter timestamps, watermarks and the chained operators
     * @param control the pipeline's shared stop/failure state
     */
    public SourceTask(final String roleName, final SourceReader<T> reader, final SourceEmitter<T> emitter, final PipelineControl control) {
        this(roleName, reader, emitter, control, null);
    }

    /**
     * @param roleName the task's name
     * @param reader reads the input
     * @param emitter timestamps, watermarks and the chained operators
     * @param control the pipeline's shared stop/failure state
     * @param alignment the instance's watermark alignment, or null
     */
    public SourceTask(final String roleName, final SourceReader<T> reader, final SourceEmitter<T> emitter, final PipelineControl control,
            final SourceAlignment alignment) {
        this.roleName = roleName;
        this.reader = reader;
        this.emitter = emitter;
        this.control = control;
        this.alignment = alignment;
    }

    @Override
    public int doWork() throws Exception {
        if (control.isStopping()) {
            throw new AgentTerminationException();
        }
        if (!emitter.drainOutput()) {
            return emitter.chain().drainedEvents();
        }
        int work = emitter.chain().drainedEvents();
        if (emitter.isEnded()) {
            throw new AgentTerminationException();
        }
        if (control.isDraining()) {
            return work + abortInput();
        }
        final long before = emitter.recordsOut();
        ReadStatus status = ReadStatus.NOTHING_AVAILABLE;
        if (alignment == null || !alignment.isPaused()) {
            try {
                status = reader.read(this);
                readerWaiting = status == ReadStatus.NOTHING_AVAILABLE;
            } catch (Exception failure) {
                if (emitter.chainFailed()) {
                    throw failure;
                }
                control.failAfterDrain(failure);
                return work + abortInput();
            }
        }
        work += (int) Math.min(Integer.MAX_VALUE, emitter.recordsOut() - before);
        // a batch the rings could not take holds the clock's work back until it has drained
        if (!emitter.outputBackPressured() && emitter.poll()) {
            work++;
        }
        // the batch just read must not wait for a ring batch to fill while the reader has nothing
        emitter.flush();
        if (status == ReadStatus.END) {
            emitter.end();
            leaveAlignment();
            return work + 1;
        }
        if (alignment != null && alignment.align(emitter, reader)) {
            work++;
        }
        return work;
    }

    @Override
    public long nextDueMillis() {
        if (emitter.isEnded()) {
            return Long.MAX_VALUE;
        }
        final long due = Math.min(emitter.nextDueMillis(), alignment == null ? Long.MAX_VALUE : alignment.nextUpdateMillis());
        if (!readerWaiting) {
            return due;
        }
        final long available = reader.nextAvailableMillis();
        if (available != SourceReader.UNKNOWN_AVAILABILITY) {
            // a reader that knows when its next record comes (a capture replay) is read again then
            return Math.min(due, available);
        }
        // a reader with nothing available yet (a paced source) may have input at any later time:
        // settled emissions are still skipped, but the reader is read again at each tick of the schedule
        return Math.min(due, emitter.nextTickMillis());
    }

    /**
     * Ends the output without MAX (see {@link SourceEmitter#abort()}) and leaves alignment; the
     * task terminates now if the output has drained, else once it has.
     *
     * @return the work done
     */
    private int abortInput() {
        emitter.abort();
        leaveAlignment();
        emitter.flush();
        if (!emitter.outputBackPressured()) {
            throw new AgentTerminationException();
        }
        return 1;
    }

    private void leaveAlignment() {
        if (alignment != null) {
            alignment.leave();
        }
    }

    @Override
    public void emit(final T value) {
        emitter.emit(value, Long.MIN_VALUE);
    }

    @Override
    public void emit(final T value, final long timestamp) {
        emitter.emit(value, timestamp);
    }

    @Override
    public SplitOutput<T> split(final int splitIndex) {
        return emitter.split(splitIndex);
    }

    @Override
    public void onClose() {
        leaveAlignment();
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

    /** @return the instance's watermark alignment, or null */
    public SourceAlignment alignment() {
        return alignment;
    }
}
