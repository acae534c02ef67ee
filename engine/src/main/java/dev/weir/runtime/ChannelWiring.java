package dev.weir.runtime;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import dev.weir.event.StreamEvent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The parts of a {@link Channel} that both of its threads read and neither writes after the
 * producer's thread starts: the ring, the consumer's poller, the back-pressure settings. They
 * come first in the object's layout; the producer's cursor follows after a cache-line pad
 * ({@link ChannelProducerPad}), so that the consumer reading {@link #poller} on every poll does
 * not miss because the producer just wrote its cursor.
 */
abstract class ChannelWiring {
    protected final String name;
    protected final RingBuffer<StreamEvent> ring;
    protected final EventPoller<StreamEvent> poller;
    protected final PipelineControl control;
    // A full ring is usually a consumer that lost its CPU for a moment: spin, then yield (some
    // 20 ms on a 2-vCPU VM) before parking, because a parked producer wakes late and turns a
    // 1 ms consumer stall into a 10-30 ms one (docs/performance.md, "The latency tail").
    protected final IdleStrategy producerIdle = new BackoffIdleStrategy(100, 100_000, 1_000, 100_000);
    protected final Counter producerWaits = new Counter();
    protected final int publishBatch;
    /** Set before the producer's thread starts, read by the producer only. */
    protected BackPressureListener backPressureListener = BackPressureListener.NONE;

    ChannelWiring(final String name, final RingBuffer<StreamEvent> ring, final int publishBatch, final PipelineControl control) {
        if (publishBatch < 1) {
            throw new IllegalArgumentException("publishBatch must be at least 1: " + publishBatch);
        }
        this.name = name;
        this.publishBatch = publishBatch;
        this.ring = ring;
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.control = control;
    }
}
