package dev.weir.runtime.channel;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import dev.weir.event.StreamEvent;
import dev.weir.event.WatermarkStatus;
import dev.weir.runtime.PipelineControl;

/**
 * One edge between an upstream and a downstream operator instance: a single-producer
 * Disruptor ring of preallocated {@link StreamEvent} slots, read by the downstream task with
 * an {@link EventPoller}. Records, watermarks, status and end of input travel in the same
 * ring, so a watermark never overtakes the records before it. One producer thread and one
 * consumer thread; its metrics ({@link #occupancy()}, {@link #producerWaits()}) may be read from
 * any thread.
 *
 * <p>Back-pressure: a full ring never makes its producer wait. A write that finds the ring full
 * goes into the producer's overflow (preallocated slots, doubled when needed and reused), and so
 * does every write after it until {@link #drain()} has moved the overflow into the ring, in
 * order; nothing is dropped. The producer's task drains first in each duty cycle and reads no
 * more input until the overflow is empty (docs/runtime.md, "Back-pressure"), so the overflow
 * holds at most what one input event (or one reader batch) produced.
 *
 * <p>Records are published in batches: {@link #writeRecord} fills the next slot, and the slots
 * written so far become visible to the consumer together, with one release store of the
 * cursor, when the batch reaches {@link #publishBatch()} slots, when the producer {@link #flush()}es,
 * when a watermark, status or end of input is written (each is published at once, with the
 * records before it), or when the ring is full (before the write overflows). The producer
 * flushes whenever it finishes a unit of work, so no event stays unpublished while its producer
 * is idle; the consumer then finds runs of events instead of one per hand-off.
 *
 * <p>The fields the producer writes on every record ({@link ChannelProducerCursor}) sit on cache
 * lines of their own, 128 bytes from the fields the consumer reads and from the object's ends
 * ({@link ChannelProducerPad}), so a write of the cursor does not evict the consumer's poller.
 */
public final class Channel extends ChannelProducerCursor {
    /** The largest publish batch the default constructor chooses. */
    public static final int MAX_PUBLISH_BATCH = 64;

    // 128 bytes after the producer's cursor: whatever the heap puts next (the ring, the
    // consumer's poller) stays off its cache lines (see ChannelProducerPad); the JVM may move a
    // few of them into the holes around the cursor, which is padding too
    private byte q000, q001, q002, q003, q004, q005, q006, q007;
    private byte q008, q009, q010, q011, q012, q013, q014, q015;
    private byte q016, q017, q018, q019, q020, q021, q022, q023;
    private byte q024, q025, q026, q027, q028, q029, q030, q031;
    private byte q032, q033, q034, q035, q036, q037, q038, q039;
    private byte q040, q041, q042, q043, q044, q045, q046, q047;
    private byte q048, q049, q050, q051, q052, q053, q054, q055;
    private byte q056, q057, q058, q059, q060, q061, q062, q063;
    private byte q064, q065, q066, q067, q068, q069, q070, q071;
    private byte q072, q073, q074, q075, q076, q077, q078, q079;
    private byte q080, q081, q082, q083, q084, q085, q086, q087;
    private byte q088, q089, q090, q091, q092, q093, q094, q095;
    private byte q096, q097, q098, q099, q100, q101, q102, q103;
    private byte q104, q105, q106, q107, q108, q109, q110, q111;
    private byte q112, q113, q114, q115, q116, q117, q118, q119;
    private byte q120, q121, q122, q123, q124, q125, q126, q127;

    /**
     * A channel that publishes records in batches of an eighth of its capacity, at most
     * {@value #MAX_PUBLISH_BATCH} slots.
     *
     * @param name names the edge in metrics and errors
     * @param capacity slots; a power of two
     * @param control the pipeline the edge belongs to (a full ring holds no producer back, so nothing waits for its stop)
     */
    public Channel(final String name, final int capacity, final PipelineControl control) {
        this(name, capacity, Math.max(1, Math.min(MAX_PUBLISH_BATCH, capacity / 8)), control);
    }

    /**
     * @param name names the edge in metrics and errors
     * @param capacity slots; a power of two
     * @param publishBatch records written before they are published without a flush; 1 publishes each at once
     * @param control the pipeline the edge belongs to
     */
    public Channel(final String name, final int capacity, final int publishBatch, final PipelineControl control) {
        // The consumer polls and never waits on the ring, so the wait strategy only adds its
        // signal to every publish: BusySpinWaitStrategy's is a no-op (Blocking's takes a lock).
        this(name, RingBuffer.createSingleProducer(StreamEvent::new, capacity, new BusySpinWaitStrategy()), publishBatch, control);
    }

    /**
     * A channel over a given ring. The runtime's rings are single-producer; a test passes a
     * multi-producer ring to make a slot claimed and not yet published visible to the poller
     * (the poller's {@code GATING} state, which a single-producer ring never shows).
     *
     * @param name names the edge in metrics and errors
     * @param ring the ring, new and not yet written
     * @param publishBatch records written before they are published without a flush
     * @param control the pipeline the edge belongs to
     */
    Channel(final String name, final RingBuffer<StreamEvent> ring, final int publishBatch, final PipelineControl control) {
        super(name, ring, publishBatch);
    }

    /**
     * @param listener learns when the first write goes to the overflow and when a drain has
     *     emptied it; set before the producer's thread starts
     */
    public void backPressureListener(final BackPressureListener listener) {
        this.backPressureListener = listener == null ? BackPressureListener.NONE : listener;
    }

    /** @return the next ring slot, claimed and counted as written, or an overflow slot; the caller fills it at once */
    private StreamEvent nextSlot() {
        if (!backPressured) {
            try {
                final long sequence = ring.tryNext();
                written = sequence;
                return ring.get(sequence);
            } catch (InsufficientCapacityException full) {
                // the consumer can only free slots it sees: the ring may be full of our pending ones
                flush();
                producerWaits.increment();
                backPressured = true;
                backPressureListener.onBackPressure();
            }
        }
        return overflow.append();
    }

    /**
     * Moves what the overflow holds, in order, into the free ring slots and publishes them; the
     * producer's thread. Costs one field test while nothing overflowed.
     *
     * @return true when the overflow is empty (the producer may write again without overflowing)
     */
    public boolean drain() {
        if (!backPressured) {
            return true;
        }
        final int room = (int) Math.min(overflow.size(), ring.remainingCapacity());
        if (room > 0) {
            final long last;
            try {
                last = ring.tryNext(room);
            } catch (InsufficientCapacityException full) {
                // another claimer took the room (only a test's multi-producer ring has one)
                return false;
            }
            for (long sequence = last - room + 1; sequence <= last; sequence++) {
                ring.get(sequence).copyOf(overflow.first());
                overflow.removeFirst();
            }
            written = last;
            flush();
        }
        if (!overflow.isEmpty()) {
            return false;
        }
        backPressured = false;
        backPressureListener.onBackPressureRelieved();
        return true;
    }

    /** @return events in the overflow, waiting for room in the ring; the producer's thread */
    public int backlog() {
        return overflow.size();
    }

    /** @return overflow slots allocated so far (they are kept for reuse); the producer's thread */
    public int overflowCapacity() {
        return overflow.capacity();
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

    /**
     * @return how many times a write found the ring full and went to the overflow (writes made
     *     while the overflow already held events do not look at the ring and are not counted)
     */
    public long producerWaits() {
        return producerWaits.get();
    }
}
