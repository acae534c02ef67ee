package dev.weir.source;

import dev.weir.runtime.IdlingPublisherWait;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.PublisherWait;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The in-process source of an embedding application: the application's own thread publishes
 * records straight into the pipeline's first ring buffers (after the operators fused behind
 * the source), with no hop and no allocation.
 *
 * <p>{@link #publish} makes each record visible downstream at once (the latency path).
 * {@link #publishBatched} writes the record but lets the rings publish a run of records
 * together, which saves the consumer most cross-thread hand-offs (the throughput path): such
 * records become visible when a ring's batch fills, or at the latest on the next
 * {@link #flush()}, {@link #tick()}, {@link #publish}, {@link #emitWatermark},
 * {@link #markIdle()}, {@link #markActive()} or {@link #end()}. A thread that publishes in
 * bursts calls {@link #flush()} after each burst.
 *
 * <p>Periodic watermarks are emitted from both publish methods when due: {@link #publish}
 * reads the clock after each record, {@link #publishBatched} after every {@value #POLL_EVERY}th
 * record and on {@link #flush()} (a processing-time check a few records later, as if the clock
 * had been read a little later); a publishing thread
 * that may fall silent calls {@link #tick()} from its idle loop so that idleness and
 * watermarks still progress. An exception thrown by the operators fused behind the source
 * fails the whole pipeline and is rethrown to the caller; once the pipeline stopped, every
 * call throws {@link PipelineStoppedException}.
 *
 * <p>Back-pressure: a call returns only once everything it wrote is in the rings. Writes that
 * find a ring full wait in the output's overflow, and at the end of the call the publisher
 * drains it, calling its {@link PublisherWait}'s {@code awaitRoom()} while the rings stay full
 * (on the threaded runtime: spin, yield, park a little; a stopped pipeline releases the caller
 * with {@link PipelineStoppedException}). docs/runtime.md, "Back-pressure".
 *
 * <p>Checkpoints: each checkpoint records the publisher's {@link PublisherPosition}, the records
 * it accepted before the checkpoint's barrier and the offset of the latest record published
 * with one ({@link #publishWithOffset}); the barrier is injected inside a call on this thread,
 * after the call's record, so the position is exactly the records before it. After a restore
 * the count goes on from the restored position ({@code StreamPipeline.restoredPosition}),
 * where the application resumes (docs/checkpoints.md, "Applications with publishers").
 *
 * <p>Threads: a publisher is the single producer of its rings, and its state (and the rings'
 * producer cursors) are plain fields. Not thread-safe: one thread at a time calls it (one
 * thread may feed several publishers). It may move to another thread, but only across a
 * happens-before edge from the old thread's last call to the new thread's first: the old
 * thread hands it over through a volatile field, a lock, a concurrent queue, an executor, or
 * {@code Thread.start}/{@code Thread.join}. Without one, the new thread may see stale cursors
 * and reuse slots whose records the consumer has not read (docs/runtime.md, "Publishers and
 * threads"). With assertions on ({@code -ea}), a call made
 * while another thread is inside one throws an {@link AssertionError} naming both threads,
 * before it touches anything (the check costs nothing with assertions off).
 *
 * @param <T> the record type
 */
public final class Publisher<T> {
    /** Batched records per clock read (periodic watermarks, processing-time timers, checkpoints). */
    static final int POLL_EVERY = 64;

    private final String name;
    private final PipelineControl control;
    private volatile SourceEmitter<T> emitter;
    /** Written before {@link #emitter}, whose volatile write publishes it to the calling thread. */
    private PublisherWait roomWait;
    /** The thread inside a call, tracked only with assertions on: two at once is a misuse. */
    private final AtomicReference<Thread> caller = new AtomicReference<>();
    /** Records published with {@link #publishBatched} since the clock was last read. */
    private int unpolled;
    /** The offset published with the latest record that had one; plain: the publishing thread's. */
    private long offset;
    /** Whether any record was published with an offset (in this run or before the restored checkpoint). */
    private boolean offsetGiven;
    /** Records accepted before the restored checkpoint's barrier; 0 for a fresh start. */
    private long restoredRecords;
    /** Set when the pipeline is compiled, before the publisher is connected. */
    private volatile PublisherPosition restoredPosition = PublisherPosition.START;

    /**
     * @param name the source's name
     * @param control the pipeline's shared stop/failure state
     */
    public Publisher(final String name, final PipelineControl control) {
        this.name = name;
        this.control = control;
    }

    /**
     * Connects the publisher to its pipeline on the threaded runtime (full rings: an
     * {@link IdlingPublisherWait}); called once when the pipeline starts.
     *
     * @param sourceEmitter the emission path
     */
    public void connect(final SourceEmitter<T> sourceEmitter) {
        connect(sourceEmitter, new IdlingPublisherWait(control));
    }

    /**
     * Connects the publisher to its pipeline; called once when the pipeline starts.
     *
     * @param sourceEmitter the emission path
     * @param publisherWait what a call does while the rings are full, and after it
     */
    public void connect(final SourceEmitter<T> sourceEmitter, final PublisherWait publisherWait) {
        this.roomWait = publisherWait;
        this.emitter = sourceEmitter;
    }

    /** @return the emission path, the calling thread entered (with assertions on); the caller leaves in a finally */
    private SourceEmitter<T> emitter() {
        final SourceEmitter<T> current = emitter;
        if (current == null) {
            throw new IllegalStateException("publisher '" + name + "' is not connected: start the pipeline first");
        }
        if (control.isStopping()) {
            throw new PipelineStoppedException(control.failure());
        }
        // last: a call that throws above has touched nothing and never entered
        assert enter();
        return current;
    }

    /**
     * Publishes a record whose timestamp the watermark strategy's assigner extracts.
     *
     * @param value the record; the pipeline may keep it, so do not mutate it afterwards
     * @throws IllegalStateException after {@link #end()}
     */
    public void publish(final T value) {
        publish(value, Long.MIN_VALUE);
    }

    /**
     * @param value the record
     * @param timestamp its event time
     * @throws IllegalStateException after {@link #end()}
     */
    public void publish(final T value, final long timestamp) {
        emit(value, timestamp, true, false, 0);
    }

    /**
     * Publishes a record whose timestamp the watermark strategy's assigner extracts, with the
     * application's offset of it (a Kafka offset, a byte offset in a file, a sequence number):
     * the next checkpoint whose barrier follows it records the offset in this publisher's
     * {@link PublisherPosition}, unless a later record brings another. No allocation.
     *
     * @param value the record; the pipeline may keep it, so do not mutate it afterwards
     * @param recordOffset where the application resumes after this record, in its own terms
     * @throws IllegalStateException after {@link #end()}
     */
    public void publishWithOffset(final T value, final long recordOffset) {
        emit(value, Long.MIN_VALUE, true, true, recordOffset);
    }

    /**
     * Publishes a record with its event time and the application's offset of it (see
     * {@link #publishWithOffset(Object, long)}).
     *
     * @param value the record; the pipeline may keep it, so do not mutate it afterwards
     * @param timestamp its event time, or {@code Long.MIN_VALUE} for the assigner to extract it
     * @param recordOffset where the application resumes after this record, in its own terms
     * @throws IllegalStateException after {@link #end()}
     */
    public void publish(final T value, final long timestamp, final long recordOffset) {
        emit(value, timestamp, true, true, recordOffset);
    }

    /**
     * Publishes a record as part of a batch: it is written into the ring at once, in order with
     * every other record, and made visible downstream with its batch (see the class comment).
     * Call {@link #flush()} when the burst ends.
     *
     * @param value the record; the pipeline may keep it, so do not mutate it afterwards
     * @param timestamp its event time, or {@code Long.MIN_VALUE} for the assigner to extract it
     * @throws IllegalStateException after {@link #end()}
     */
    public void publishBatched(final T value, final long timestamp) {
        emit(value, timestamp, false, false, 0);
    }

    /**
     * Publishes a record as part of a batch (see {@link #publishBatched(Object, long)}) with the
     * application's offset of it (see {@link #publishWithOffset(Object, long)}).
     *
     * @param value the record; the pipeline may keep it, so do not mutate it afterwards
     * @param timestamp its event time, or {@code Long.MIN_VALUE} for the assigner to extract it
     * @param recordOffset where the application resumes after this record, in its own terms
     * @throws IllegalStateException after {@link #end()}
     */
    public void publishBatched(final T value, final long timestamp, final long recordOffset) {
        emit(value, timestamp, false, true, recordOffset);
    }

    private void emit(final T value, final long timestamp, final boolean flush, final boolean withOffset, final long recordOffset) {
        final SourceEmitter<T> out = emitter();
        if (out.isEnded()) {
            // past the end of input no task reads the record: refuse it rather than lose it; the pipeline runs on
            assert leave();
            throw new IllegalStateException("publisher '" + name + "' has ended: no record may follow its end()");
        }
        try {
            out.emit(value, timestamp);
            // before the poll below, which may inject a barrier: the position then covers this record
            if (withOffset) {
                offset = recordOffset;
                offsetGiven = true;
            }
            // a clock read costs about as much as the rest of a batched record: batched records read it every POLL_EVERY
            if (flush || ++unpolled == POLL_EVERY) {
                unpolled = 0;
                out.poll();
            }
            if (flush) {
                out.flush();
            }
            callEnded(out);
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        } finally {
            assert leave();
        }
    }

    /** Makes every record published with {@link #publishBatched} so far visible downstream. */
    public void flush() {
        signal(Signal.FLUSH, 0);
    }

    /**
     * Runs periodic watermark emission and idleness when due and flushes pending records; call
     * it when there is nothing to publish.
     */
    public void tick() {
        signal(Signal.TICK, 0);
    }

    /**
     * @param watermark an explicit watermark (only increases are forwarded; after {@link #end()} none is)
     */
    public void emitWatermark(final long watermark) {
        signal(Signal.WATERMARK, watermark);
    }

    /** Declares this source idle until its next higher watermark; after {@link #end()} it changes nothing. */
    public void markIdle() {
        signal(Signal.IDLE, 0);
    }

    /**
     * Declares this source active again (it also turns active with its next higher watermark);
     * after {@link #end()} it changes nothing.
     */
    public void markActive() {
        signal(Signal.ACTIVE, 0);
    }

    /** Ends this source: MAX, then end of input downstream. */
    public void end() {
        signal(Signal.END, 0);
    }

    /** What a call other than a publish does before the pending records are flushed. */
    private enum Signal {
        FLUSH, TICK, WATERMARK, IDLE, ACTIVE, END;

        /** @return true for an announcement downstream: a watermark, idle or active */
        boolean announces() {
            return this == WATERMARK || this == IDLE || this == ACTIVE;
        }
    }

    private void signal(final Signal signal, final long watermark) {
        final SourceEmitter<T> out = emitter();
        try {
            // past the end of input an announcement changes nothing: it must not write behind the end,
            // where no task reads it and, repeated, it would fill the ring for good
            switch (out.isEnded() && signal.announces() ? Signal.FLUSH : signal) {
                case TICK:
                    unpolled = 0;
                    out.poll();
                    break;
                case WATERMARK:
                    out.watermarkOutput().emitWatermark(watermark);
                    break;
                case IDLE:
                    out.watermarkOutput().markIdle();
                    break;
                case ACTIVE:
                    out.watermarkOutput().markActive();
                    break;
                case END:
                    out.end();
                    break;
                case FLUSH:
                default:
                    if (unpolled > 0) {
                        unpolled = 0;
                        out.poll();
                    }
                    break;
            }
            out.flush();
            callEnded(out);
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        } finally {
            assert leave();
        }
    }

    /** Returns only once the rings took everything the call wrote (see the class comment). */
    private void callEnded(final SourceEmitter<T> out) {
        while (!out.drainOutput()) {
            roomWait.awaitRoom();
        }
        roomWait.callEnded();
    }

    /**
     * Marks the calling thread inside a call; with assertions on only.
     *
     * @return true, for {@code assert}
     * @throws AssertionError if another thread is inside a call
     */
    private boolean enter() {
        final Thread me = Thread.currentThread();
        final Thread other = caller.compareAndExchange(null, me);
        if (other != null && other != me) {
            throw new AssertionError("publisher '" + name + "' was called on thread '" + me.getName() + "' while thread '"
                    + other.getName() + "' is inside a call: one thread at a time, and a hand-over needs a happens-before edge"
                    + " (docs/runtime.md, \"Publishers and threads\")");
        }
        return true;
    }

    /** @return true, for {@code assert}; the calling thread has left its call (a re-entrant call leaves early, which only misses misuse) */
    private boolean leave() {
        caller.compareAndSet(Thread.currentThread(), null);
        return true;
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

    /**
     * Where the publisher is now: the records it accepted (counting on from the restored
     * position) and the latest offset published. What a checkpoint records at its barrier; call
     * it on the publishing thread. Allocates.
     *
     * @return the position
     */
    public PublisherPosition position() {
        return new PublisherPosition(restoredRecords + recordsOut(), offsetGiven, offset);
    }

    /**
     * Continues from a checkpoint's position; when the pipeline is compiled, before the publisher is connected.
     *
     * @param position the position the checkpoint recorded for this publisher
     */
    void restore(final PublisherPosition position) {
        restoredRecords = position.records();
        offsetGiven = position.hasOffset();
        offset = position.hasOffset() ? position.offset() : 0;
        restoredPosition = position;
    }

    /**
     * @return the position the publisher was restored to when its pipeline started
     *     ({@link PublisherPosition#START} when it started fresh); see {@code StreamPipeline.restoredPosition}
     */
    public PublisherPosition restoredPosition() {
        return restoredPosition;
    }

    /** @return records published in this run (since the pipeline started) */
    public long recordsOut() {
        final SourceEmitter<T> current = emitter;
        return current == null ? 0 : current.recordsOut();
    }
}
