package dev.weir.runtime.channel;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import dev.weir.event.StreamEvent;
import dev.weir.runtime.Counter;

/**
 * The parts of a {@link Channel} that both of its threads read and neither writes after the
 * producer's thread starts: the ring, the consumer's poller, the back-pressure settings. They
 * come first in the object's layout (the overflow's reference too: only its contents change); the producer's cursor follows after a cache-line pad
 * ({@link ChannelProducerPad}), so that the consumer reading {@link #poller} on every poll does
 * not miss because the producer just wrote its cursor.
 */
abstract class ChannelWiring {
    /** The overflow slots preallocated per channel; more are added, by doubling, when needed. */
    static final int OVERFLOW_SLOTS = 16;

    protected final String name;
    protected final RingBuffer<StreamEvent> ring;
    protected final EventPoller<StreamEvent> poller;
    /** What the producer wrote while the ring was full; the producer's thread only. */
    protected final EventOverflow overflow = new EventOverflow(OVERFLOW_SLOTS);
    protected final Counter producerWaits = new Counter();
    protected final int publishBatch;
    /** Set before the producer's thread starts, read by the producer only. */
    protected BackPressureListener backPressureListener = BackPressureListener.NONE;

    ChannelWiring(final String name, final RingBuffer<StreamEvent> ring, final int publishBatch) {
        if (publishBatch < 1) {
            throw new IllegalArgumentException("publishBatch must be at least 1: " + publishBatch);
        }
        this.name = name;
        this.publishBatch = publishBatch;
        this.ring = ring;
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
    }
}
