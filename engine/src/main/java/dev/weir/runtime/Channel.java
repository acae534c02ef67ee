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
 */
public final class Channel {
    private final String name;
    private final RingBuffer<StreamEvent> ring;
    private final EventPoller<StreamEvent> poller;
    private final PipelineControl control;
    // A full ring is usually a consumer that lost its CPU for a moment: spin, then yield (some
    // 20 ms on a 2-vCPU VM) before parking, because a parked producer wakes late and turns a
    // 1 ms consumer stall into a 10-30 ms one (docs/performance.md, "latency tail").
    private final IdleStrategy producerIdle = new BackoffIdleStrategy(100, 100_000, 1_000, 100_000);
    private final Counter producerWaits = new Counter();
    private BackPressureListener backPressureListener = BackPressureListener.NONE;
    private boolean backPressured;

    /**
     * @param name names the edge in metrics and errors
     * @param capacity slots; a power of two
     * @param control the pipeline, whose stop releases a waiting producer
     */
    public Channel(final String name, final int capacity, final PipelineControl control) {
        this.name = name;
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
                    backPressureListener.onBackPressureRelieved();
                }
                producerIdle.reset();
                return sequence;
            } catch (InsufficientCapacityException full) {
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

    /**
     * @param value a record
     * @param timestamp its event time
     */
    public void publishRecord(final Object value, final long timestamp) {
        final long sequence = claim();
        ring.get(sequence).record(value, timestamp);
        ring.publish(sequence);
    }

    /** @param watermark a watermark */
    public void publishWatermark(final long watermark) {
        final long sequence = claim();
        ring.get(sequence).watermark(watermark);
        ring.publish(sequence);
    }

    /** @param status a status change */
    public void publishStatus(final WatermarkStatus status) {
        final long sequence = claim();
        ring.get(sequence).status(status);
        ring.publish(sequence);
    }

    /** @param checkpointId a checkpoint barrier, inline with the records before and after it */
    public void publishBarrier(final long checkpointId) {
        final long sequence = claim();
        ring.get(sequence).barrier(checkpointId);
        ring.publish(sequence);
    }

    /** Publishes end of input; nothing may follow. */
    public void publishEnd() {
        final long sequence = claim();
        ring.get(sequence).end();
        ring.publish(sequence);
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
