package dev.weir.runtime;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import dev.weir.event.StreamEvent;
import dev.weir.event.WatermarkStatus;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * One edge between an upstream and a downstream operator instance: a single-producer
 * Disruptor ring of preallocated {@link StreamEvent} slots, read by the downstream task with
 * an {@link EventPoller}. Records, watermarks, status and end of input travel in the same
 * ring, so a watermark never overtakes the records before it. A full ring makes the producer
 * wait (back-pressure); nothing is dropped. One producer thread and one consumer thread; its
 * metrics ({@link #occupancy()}, {@link #producerWaits()}) may be read from any thread.
 *
 * <p>Records are published in batches: {@link #writeRecord} fills the next slot, and the slots
 * written so far become visible to the consumer together, with one release store of the
 * cursor, when the batch reaches {@link #publishBatch()} slots, when the producer {@link #flush()}es,
 * when a watermark, status or end of input is written (each is published at once, with the
 * records before it), or when the ring is full (before the producer waits). The producer
 * flushes whenever it finishes a unit of work, so no event stays unpublished while its producer
 * is idle; the consumer then finds runs of events instead of one per hand-off.
 */
public final class Channel {
    /** The largest publish batch the default constructor chooses. */
    public static final int MAX_PUBLISH_BATCH = 64;

    private final String name;
    private final RingBuffer<StreamEvent> ring;
    private final EventPoller<StreamEvent> poller;
    private final PipelineControl control;
    // A full ring is usually a consumer that lost its CPU for a moment: spin, then yield (some
    // 20 ms on a 2-vCPU VM) before parking, because a parked producer wakes late and turns a
    // 1 ms consumer stall into a 10-30 ms one (docs/performance.md, "The latency tail").
    private final IdleStrategy producerIdle = new BackoffIdleStrategy(100, 100_000, 1_000, 100_000);
    private final Counter producerWaits = new Counter();
    private final int publishBatch;
    private BackPressureListener backPressureListener = BackPressureListener.NONE;
    private boolean backPressured;
    /** The last slot the producer filled, and the last it published; equal when nothing is pending. */
    private long written = -1;
    private long published = -1;

    /**
     * A channel that publishes records in batches of an eighth of its capacity, at most
     * {@value #MAX_PUBLISH_BATCH} slots.
     *
     * @param name names the edge in metrics and errors
     * @param capacity slots; a power of two
     * @param control the pipeline, whose stop releases a waiting producer
     */
    public Channel(final String name, final int capacity, final PipelineControl control) {
        this(name, capacity, Math.max(1, Math.min(MAX_PUBLISH_BATCH, capacity / 8)), control);
    }

    /**
     * @param name names the edge in metrics and errors
     * @param capacity slots; a power of two
     * @param publishBatch records written before they are published without a flush; 1 publishes each at once
     * @param control the pipeline, whose stop releases a waiting producer
     */
    public Channel(final String name, final int capacity, final int publishBatch, final PipelineControl control) {
        if (publishBatch < 1) {
            throw new IllegalArgumentException("publishBatch must be at least 1: " + publishBatch);
        }
        this.name = name;
        this.publishBatch = publishBatch;
        // The consumer polls and never waits on the ring, so the wait strategy only adds its
        // signal to every publish: BusySpinWaitStrategy's is a no-op (Blocking's takes a lock).
        this.ring = RingBuffer.createSingleProducer(StreamEvent::new, capacity, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.control = control;
    }

    /**
     * @param listener learns when the producer waits for a full ring and when it may go on; set
     *     before the producer's thread starts
     */
    public void backPressureListener(final BackPressureListener listener) {
        this.backPressureListener = listener == null ? BackPressureListener.NONE : listener;
    }

    private long claim() {
        while (true) {
            try {
                final long sequence = ring.tryNext();
                if (backPressured) {
                    backPressured = false;
                    producerIdle.reset();
                    backPressureListener.onBackPressureRelieved();
                }
                return sequence;
            } catch (InsufficientCapacityException full) {
                // the consumer can only free slots it sees: the ring may be full of our pending ones
                flush();
                control.checkRunning();
                producerWaits.increment();
                if (!backPressured) {
                    backPressured = true;
                    backPressureListener.onBackPressure();
                }
                producerIdle.idle();
            }
        }
    }

    /** @return the next slot, claimed and counted as written; the caller fills it at once */
    private StreamEvent nextSlot() {
        final long sequence = claim();
        written = sequence;
        return ring.get(sequence);
    }

    /**
     * Writes a record into the next slot; it is published with its batch (see the class comment).
     *
     * @param value a record
     * @param timestamp its event time
     */
    public void writeRecord(final Object value, final long timestamp) {
        nextSlot().record(value, timestamp);
        if (written - published >= publishBatch) {
            flush();
        }
    }

    /**
     * Writes a record of a keyed edge, with the key it was routed by, into the next slot; it is
     * published with its batch.
     *
     * @param value a record
     * @param timestamp its event time
     * @param key its key under the edge's key selector
     * @param keyGroup its key group, or -1 when not computed
     */
    public void writeKeyedRecord(final Object value, final long timestamp, final Object key, final int keyGroup) {
        nextSlot().keyedRecord(value, timestamp, key, keyGroup);
        if (written - published >= publishBatch) {
            flush();
        }
    }

    /** @param watermark a watermark, published at once with the records before it */
    public void publishWatermark(final long watermark) {
        nextSlot().watermark(watermark);
        flush();
    }

    /** @param status a status change, published at once with the records before it */
    public void publishStatus(final WatermarkStatus status) {
        nextSlot().status(status);
        flush();
    }

    /** @param checkpointId a checkpoint barrier, published at once with the records before it */
    public void publishBarrier(final long checkpointId) {
        nextSlot().barrier(checkpointId);
        flush();
    }

    /** Publishes end of input, with the records before it; nothing may follow. */
    public void publishEnd() {
        nextSlot().end();
        flush();
    }

    /** Publishes the records written and not yet published, if any; the producer's thread. */
    public void flush() {
        if (written != published) {
            ring.publish(published + 1, written);
            published = written;
        }
    }

    /** @return records written and not yet published; the producer's thread */
    public long pending() {
        return written - published;
    }

    /** @return records written before they are published without a flush */
    public int publishBatch() {
        return publishBatch;
    }

    /**
     * Hands the available events to {@code handler}, in order, until it returns false.
     *
     * @param handler receives each event
     * @return what the poll found
     * @throws Exception what the handler threw
     */
    public EventPoller.PollState poll(final EventPoller.Handler<StreamEvent> handler) throws Exception {
        return poller.poll(handler);
    }

    /** @return the edge's name */
    public String name() {
        return name;
    }

    /** @return the number of slots */
    public int capacity() {
        return ring.getBufferSize();
    }

    /** @return slots published and not yet consumed (back-pressure when close to capacity) */
    public long occupancy() {
        // consumed first: the cursor read after it is never behind it
        final long consumed = poller.getSequence().get();
        return Math.min(ring.getCursor() - consumed, ring.getBufferSize());
    }

    /** @return how many times the producer found the ring full and had to wait */
    public long producerWaits() {
        return producerWaits.get();
    }
}
